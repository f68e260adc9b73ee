import { randomUUID } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import { generate } from 'otplib'
import { outbox } from '../src/db/schema/outbox.ts'
import { users } from '../src/db/schema/users.ts'
import type { TestApp } from './build-test-app.ts'

let counter = 0

/** Registration data that passes every rule, unique per call. */
export function registration(overrides: Record<string, string> = {}) {
  counter += 1
  const tag = `${Date.now().toString(36)}${counter}`
  return {
    firstName: 'Lucía',
    lastName: 'Fernández',
    userName: `lucia_${tag}`,
    phone: '+5491155551234',
    email: `lucia.${tag}@example.com`,
    password: 'mate-con-bizcochitos',
    ...overrides,
  }
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookieHeader(res: { cookies: Array<{ name: string; value: string }> }): string {
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
}

/** Registers and signs in a customer; returns the user and the session cookie header. */
export async function signedInCustomer(app: TestApp, overrides: Record<string, string> = {}) {
  const data = registration(overrides)
  const reg = await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: data })
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`)
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { userName: data.userName, password: data.password },
  })
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`)
  return {
    data,
    user: login.json() as { _id: string; email: string; userType: string },
    cookie: cookieHeader(login),
  }
}

/**
 * A member of the platform's staff (issue 24): a signed-in account made an operator, with its
 * second factor enrolled and confirmed unless `secondFactor: false` (a session owing it).
 */
export async function signedInOperator(app: TestApp, { secondFactor = true } = {}) {
  const staff = await signedInCustomer(app)
  await app.db.update(users).set({ userType: 'operator' }).where(eq(users.id, staff.user._id))
  if (!secondFactor) return staff
  const enrol = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/totp/enrol',
    headers: { cookie: staff.cookie },
  })
  const verified = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/totp/verify',
    headers: { cookie: staff.cookie },
    payload: { code: await generate({ secret: (enrol.json() as { secret: string }).secret }) },
  })
  if (verified.statusCode !== 200) throw new Error(`second factor: ${verified.body}`)
  return staff
}

/** The token of the newest e-mail verification link sent to an address. */
export async function verificationTokenFor(app: TestApp, email: string): Promise<string> {
  const mail = await lastEmailTo(app, email)
  const match = /\/account\/verify-email\?token=([^\s"&]+)/.exec(mail?.text ?? '')
  if (!match?.[1]) throw new Error(`no verification link sent to ${email}`)
  return decodeURIComponent(match[1])
}

/** Opens the verification link e-mailed to an address, as its owner would. */
export async function verifyEmailOf(app: TestApp, email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/verify-email',
    payload: { token: await verificationTokenFor(app, email) },
  })
  if (res.statusCode !== 200) throw new Error(`verify-email failed: ${res.body}`)
}

/** A signed-in customer whose e-mail is verified (the link in the welcome e-mail was opened). */
export async function verifiedCustomer(app: TestApp, overrides: Record<string, string> = {}) {
  const customer = await signedInCustomer(app, overrides)
  await verifyEmailOf(app, customer.data.email)
  return customer
}

/** The newest email queued to an address (after the worker ran, or not). */
export async function lastEmailTo(app: TestApp, to: string) {
  const rows = await app.db
    .select()
    .from(outbox)
    .where(eq(outbox.kind, 'email'))
    .orderBy(desc(outbox.createdAt))
  const row = rows.find((r) => (r.payload as { to: string }).to === to)
  return row
    ? {
        ...(row.payload as { to: string; subject: string; text: string; html: string }),
        status: row.status,
      }
    : null
}

export function codeFrom(text: string): string {
  const match = /\b(\d{6})\b/.exec(text)
  if (!match?.[1]) throw new Error(`no code in: ${text}`)
  return match[1]
}

export const deviceId = () => randomUUID()

/** Headers of a browser that got its device id (and the id's signed token) from gen-device-id. */
export async function issuedDevice(app: TestApp) {
  const res = await app.inject({ method: 'GET', url: '/api/v1/auth/gen-device-id' })
  const { uuid, token } = res.json() as { uuid: string; token: string }
  return { 'x-device-id': uuid, 'x-device-token': token }
}

/** A shop owner and shops at given points, each with active products (for catalogue tests). */
export async function createShops(
  app: TestApp,
  shops: Array<{
    handle: string
    lat: number
    lng: number
    isOpen?: boolean
    deliveryTypes?: string[]
    deliveryRadiusKm?: number
    products?: Array<{
      title: string
      handle?: string
      status?: 'draft' | 'active' | 'archived'
      prices?: number[]
      stock?: number
    }>
  }>,
) {
  const { users } = await import('../src/db/schema/users.ts')
  const { stores } = await import('../src/db/schema/stores.ts')
  const { products, productVariants } = await import('../src/db/schema/catalog.ts')
  const [owner] = await app.db
    .insert(users)
    .values({
      email: `owner.${randomUUID()}@example.com`,
      userType: 'admin',
      merchantApprovedAt: new Date(),
    })
    .returning()
  const created: Record<string, { id: string; productIds: string[] }> = {}
  for (const shop of shops) {
    const [store] = await app.db
      .insert(stores)
      .values({
        ownerId: owner!.id,
        name: `Tienda ${shop.handle}`,
        handle: shop.handle,
        street: 'Av. Corrientes',
        streetNumber: '1234',
        city: 'CABA',
        provinceCode: 'C',
        latitude: shop.lat,
        longitude: shop.lng,
        isOpen: shop.isOpen ?? true,
        deliveryTypes: shop.deliveryTypes ?? ['pickup', 'delivery'],
        deliveryRadiusKm: shop.deliveryRadiusKm ?? 5,
      })
      .returning()
    const productIds: string[] = []
    for (const p of shop.products ?? []) {
      const [product] = await app.db
        .insert(products)
        .values({
          storeId: store!.id,
          title: p.title,
          handle: p.handle ?? p.title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
          status: p.status ?? 'active',
        })
        .returning()
      const prices = p.prices ?? [100000]
      await app.db.insert(productVariants).values(
        prices.map((price, i) => ({
          productId: product!.id,
          title: prices.length > 1 ? `Opción ${i + 1}` : 'Predeterminado',
          priceCents: price,
          stockQuantity: p.stock ?? 10,
          position: i,
        })),
      )
      productIds.push(product!.id)
    }
    created[shop.handle] = { id: store!.id, productIds }
  }
  return created
}

/**
 * A signed-in seller (an approved merchant) with one store created through the API; `headers` act
 * on it.
 */
export async function signedInSeller(app: TestApp, storeOverrides: Record<string, unknown> = {}) {
  const { users } = await import('../src/db/schema/users.ts')
  const { eq } = await import('drizzle-orm')
  const customer = await signedInCustomer(app)
  await app.db
    .update(users)
    .set({ userType: 'admin', merchantApprovedAt: new Date() })
    .where(eq(users.id, customer.user._id))
  const handle = `tienda-${randomUUID().slice(0, 8)}`
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/stores',
    headers: { cookie: customer.cookie },
    payload: { ...storeInput(handle), ...storeOverrides },
  })
  if (res.statusCode !== 201) throw new Error(`store create failed: ${res.body}`)
  const store = res.json() as { _id: string; handle: string }
  return { ...customer, store, headers: { cookie: customer.cookie, 'x-store-id': store._id } }
}

type Seller = Awaited<ReturnType<typeof signedInSeller>>

/** Gives a seller's store the same opening ranges every day of the week (store form, PUT). */
export async function setDailyHours(app: TestApp, seller: Seller, ranges: Array<[string, string]>) {
  const every = Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, ranges]))
  const res = await app.inject({
    method: 'PUT',
    url: `/api/v1/admin/stores/${seller.store._id}`,
    headers: seller.headers,
    payload: { ...storeInput(seller.store.handle), openingHours: every },
  })
  if (res.statusCode !== 200) throw new Error(`opening hours not saved: ${res.body}`)
}

/**
 * Reads a store's logistics settings, lets the test change them and saves them as the shipping
 * form does (POST the whole object); answers what the API saved.
 */
export async function updateLogistics(
  app: TestApp,
  seller: Seller,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answer as the form reads it
  change: (current: any) => Record<string, unknown>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<any> {
  const url = '/api/v1/admin/store_settings_logistics'
  const current = await app.inject({ method: 'GET', url, headers: seller.headers })
  const saved = await app.inject({
    method: 'POST',
    url,
    headers: seller.headers,
    payload: change(current.json()),
  })
  if (saved.statusCode !== 200) throw new Error(`logistics not saved: ${saved.body}`)
  return saved.json()
}

export function storeInput(handle: string) {
  return {
    name: 'Almacén de Prueba',
    handle,
    description: 'Un almacén de barrio',
    phone: '+5491155550000',
    email: 'almacen@example.com',
    address: {
      street: 'Gorriti',
      number: '4800',
      neighbourhood: 'Palermo',
      city: 'CABA',
      provinceCode: 'C',
      postalCode: 'C1414',
    },
    latitude: -34.5889,
    longitude: -58.4306,
    isOpen: true,
    openingHours: {
      '1': [
        ['09:00', '13:00'],
        ['17:00', '20:00'],
      ],
    },
    deliveryTypes: ['pickup', 'delivery'],
  }
}

export function productInput(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Remera de algodón',
    description: 'Remera lisa',
    status: 'active',
    options: ['Talle', 'Color'],
    variants: [
      { options: { Talle: 'M', Color: 'Negro' }, sku: 'REM-M-N', price: 1500000, stock: 5 },
      {
        options: { Talle: 'L', Color: 'Negro' },
        sku: 'REM-L-N',
        price: 1600000,
        compareAtPrice: 1900000,
        stock: 1,
      },
    ],
    ...overrides,
  }
}

/**
 * A shop in Palermo (Gorriti 4800) with products, payment methods and logistics set through the
 * seller API, ready for checkout tests.
 */
/** The stock of each variant of a checkout shop's product, as its seller reads it. */
export async function variantStocks(
  app: TestApp,
  shop: { seller: { headers: Record<string, string> }; product: { _id: string } },
): Promise<number[]> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/admin/products/${shop.product._id}`,
    headers: shop.seller.headers,
  })
  return (res.json() as { variants: Array<{ stock: number }> }).variants.map((v) => v.stock)
}

export async function shopForCheckout(
  app: TestApp,
  opts: { stock?: number; logistics?: object; methods?: object[]; taxes?: object[] } = {},
) {
  const seller = await signedInSeller(app)
  const product = (
    await app.inject({
      method: 'POST',
      url: '/api/v1/admin/products',
      headers: seller.headers,
      payload: {
        title: 'Medialunas x 12',
        status: 'active',
        options: ['Tipo'],
        variants: [
          { options: { Tipo: 'Manteca' }, price: 600000, stock: opts.stock ?? 10 },
          { options: { Tipo: 'Grasa' }, price: 500000, stock: opts.stock ?? 10 },
        ],
      },
    })
  ).json() as { _id: string; variants: Array<{ _id: string; price: number }> }
  const logistics = opts.logistics ?? {
    pickup: {
      enabled: true,
      address: 'Gorriti 4800, Palermo',
      preparationMinutes: 15,
      instructions: null,
    },
    delivery: {
      enabled: true,
      radiusKm: 3,
      fee: {
        type: 'bands',
        bands: [
          { upToKm: 1, amount: 50000 },
          { upToKm: 3, amount: 90000 },
        ],
      },
      freeFrom: 5000000,
      minOrder: 500000,
      estimatedMinutes: 40,
    },
    shipping: { enabled: true, provinces: [{ code: 'C', fee: 300000 }], estimatedDays: 3 },
  }
  await app.inject({
    method: 'POST',
    url: '/api/v1/admin/store_settings_logistics',
    headers: seller.headers,
    payload: logistics,
  })
  for (const m of opts.methods ?? [
    { method: 'cash', details: { onPickup: true, onDelivery: true } },
    {
      method: 'bank_transfer',
      details: { cbu: '0110599520000001234567', alias: 'medialunas.ok', holder: 'Panadería SRL' },
    },
  ]) {
    const r = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/store_settings_payment_methods',
      headers: seller.headers,
      payload: m,
    })
    if (r.statusCode !== 200) throw new Error(`payment method: ${r.body}`)
  }
  for (const t of opts.taxes ?? [])
    await app.inject({
      method: 'POST',
      url: '/api/v1/admin/store_settings_taxes',
      headers: seller.headers,
      payload: t,
    })
  return { seller, product, manteca: product.variants[0]!, grasa: product.variants[1]! }
}

/** A signed-in customer with an address at the given point (default: 0.8 km from the test shop). */
export async function customerWithAddress(
  app: TestApp,
  point = { latitude: -34.5818, longitude: -58.4306, provinceCode: 'C' },
) {
  const customer = await signedInCustomer(app)
  const address = (
    await app.inject({
      method: 'POST',
      url: '/api/v1/addresses',
      headers: { cookie: customer.cookie },
      payload: { street: 'Costa Rica', number: '5500', city: 'Palermo', ...point },
    })
  ).json() as { _id: string }
  const cart = (
    await app.inject({ method: 'GET', url: '/api/v1/cart', headers: { cookie: customer.cookie } })
  ).json() as { _id: string }
  return {
    ...customer,
    address,
    cartId: cart._id,
    headers: { cookie: customer.cookie, 'x-cart-id': cart._id },
  }
}

/** Fills the customer's cart, starts a checkout and submits the review: ready to confirm. */
export async function readyToConfirm(
  app: TestApp,
  c: Awaited<ReturnType<typeof customerWithAddress>>,
  items: Array<{ variantId: string; quantity: number }>,
  choice: {
    deliveryType: string
    paymentMethod: string
    note?: string
    /** A slot's start (issue 26); left out: as soon as possible. */
    scheduledSlotStart?: string
    /** "Necesito factura A" (decision 054). */
    billing?: { cuit: string; vatCondition: string; legalName: string }
    /** A store coupon's code (issue 28). */
    couponCode?: string
  },
): Promise<string> {
  const { billing, ...rest } = choice
  const cart = await app.inject({
    method: 'POST',
    url: '/api/v1/cart/update',
    headers: c.headers,
    payload: { cartId: c.cartId, items },
  })
  if (cart.statusCode !== 200) throw new Error(`cart: ${cart.body}`)
  const started = await app.inject({
    method: 'POST',
    url: '/api/v1/checkout',
    headers: c.headers,
    payload: { cartId: c.cartId, shippingAddressId: c.address._id },
  })
  const { checkoutId } = started.json() as { checkoutId: string }
  const reviewed = await app.inject({
    method: 'POST',
    url: `/api/v1/checkout/${checkoutId}/review`,
    headers: c.headers,
    payload: {
      contact: {
        firstName: 'Lucía',
        lastName: 'Fernández',
        phone: '+5491155551234',
        email: c.data.email,
        ...(billing ? { billing } : {}),
      },
      ...rest,
    },
  })
  if (reviewed.statusCode !== 200) throw new Error(`review: ${reviewed.body}`)
  return checkoutId
}

/** readyToConfirm, then POST /checkout/{id}/confirm: the checkout and the confirm response. */
export async function confirmOrder(
  app: TestApp,
  c: Awaited<ReturnType<typeof customerWithAddress>>,
  items: Array<{ variantId: string; quantity: number }>,
  choice: Parameters<typeof readyToConfirm>[3],
) {
  const checkoutId = await readyToConfirm(app, c, items, choice)
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/checkout/${checkoutId}/confirm`,
    headers: c.headers,
  })
  return { checkoutId, response }
}

/**
 * A customer's cash pickup order of `quantity` units of the shop's manteca, marked paid by the
 * seller: the order (id, number, total) and its customer.
 */
export async function paidPickupOrder(
  app: TestApp,
  shop: Awaited<ReturnType<typeof shopForCheckout>>,
  {
    quantity = 1,
    billing,
  }: { quantity?: number; billing?: Parameters<typeof readyToConfirm>[3]['billing'] } = {},
) {
  const customer = await customerWithAddress(app)
  const { response } = await confirmOrder(
    app,
    customer,
    [{ variantId: shop.manteca._id, quantity }],
    { deliveryType: 'pickup', paymentMethod: 'cash', ...(billing ? { billing } : {}) },
  )
  if (response.statusCode !== 200) throw new Error(`confirm: ${response.body}`)
  const order = (response.json() as { order: { _id: string; number: number; total: number } }).order
  const paid = await app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${order._id}/mark-as-paid`,
    headers: shop.seller.headers,
  })
  if (paid.statusCode !== 200) throw new Error(`mark as paid: ${paid.body}`)
  return { ...order, customer }
}

/** The seller's first 100 products by title, as GET /admin/products answers them. */
export async function listProductsAs<T>(
  app: TestApp,
  seller: { headers: Record<string, string> },
): Promise<T[]> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/v1/admin/products?limit=100&sort=title',
    headers: seller.headers,
  })
  return (res.json() as { docs: T[] }).docs
}

/** POST /admin/products as `seller`: the created product, typed as the caller reads it. */
export async function createProductAs<T = { _id: string }>(
  app: TestApp,
  seller: { headers: Record<string, string> },
  payload: object,
): Promise<T> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/products',
    headers: seller.headers,
    payload,
  })
  if (res.statusCode !== 201) throw new Error(`product not created: ${res.body}`)
  return res.json() as T
}

/** The token of the newest store invitation e-mailed to an address (the /invitations/{token} link). */
export async function invitationTokenFor(app: TestApp, email: string): Promise<string> {
  const mail = await lastEmailTo(app, email)
  const match = /\/invitations\/([\w-]+)/.exec(mail?.text ?? '')
  if (!match?.[1]) throw new Error(`no invitation link sent to ${email}`)
  return match[1]
}

/**
 * A person on a store's team with the given role: the owner invites their e-mail, they register
 * with it and accept the link. Their headers name the store.
 */
export async function teamMember(
  app: TestApp,
  owner: { headers: Record<string, string>; store: { _id: string } },
  role: 'manager' | 'staff',
  overrides: Record<string, string> = {},
) {
  const data = registration(overrides)
  const invited = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/collaborators',
    headers: owner.headers,
    payload: { email: data.email, role },
  })
  if (invited.statusCode !== 201) throw new Error(`invite failed: ${invited.body}`)
  const token = await invitationTokenFor(app, data.email)
  const person = await signedInCustomer(app, data)
  const accepted = await app.inject({
    method: 'POST',
    url: `/api/v1/auth/invitations/${token}/accept`,
    headers: { cookie: person.cookie },
  })
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.body}`)
  return {
    ...person,
    invitationId: (invited.json() as { _id: string })._id,
    headers: { cookie: person.cookie, 'x-store-id': owner.store._id },
  }
}
