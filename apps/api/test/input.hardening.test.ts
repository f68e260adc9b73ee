import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addresses } from '../src/db/schema/addresses.ts'
import { cartItems } from '../src/db/schema/ordering.ts'
import { buildTestApp, type TestApp } from './build-test-app.ts'
import {
  customerWithAddress,
  deviceId,
  issuedDevice,
  productInput,
  readyToConfirm,
  registration,
  shopForCheckout,
  signedInCustomer,
  signedInSeller,
  storeInput,
} from './factories.ts'
import { multipart, pngImage } from './images.ts'

/**
 * Findings of the outside fuzz probe: each input below once answered 500. Every one must be a 400
 * (or the right catalogue code) with a Spanish message, and nothing saved may change.
 */
let app: TestApp
let seller: Awaited<ReturnType<typeof signedInSeller>>
let productId: string

const NUL = '\u0000'
const LONE = '\ud800'

function expectClientError(res: { statusCode: number; json: () => unknown }, status = 400) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status)
  const body = res.json() as { code: string; message: string }
  expect(body.code).toMatch(/^[A-Z_]+$/)
  // A Spanish message, not Fastify's or PostgreSQL's English one.
  expect(body.message.length).toBeGreaterThan(5)
  expect(body.message).not.toMatch(/\b(the|must|invalid|error|body|request|value|out of range)\b/i)
}

beforeAll(async () => {
  app = await buildTestApp()
  seller = await signedInSeller(app)
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/products',
    headers: seller.headers,
    payload: productInput(),
  })
  productId = (created.json() as { _id: string })._id
})
afterAll(async () => {
  await app.close()
})

describe('NUL bytes and lone surrogates are refused at the edge', () => {
  it.each([
    ['GET', '/api/v1/stores/%00'],
    ['GET', '/api/v1/products?q=%00'],
    ['GET', '/api/v1/auth/gen-device-id?model=%00'],
  ])('answers 400 INVALID to %s %s', async (method, url) => {
    const res = await app.inject({ method: method as 'GET', url })
    expectClientError(res)
    expect((res.json() as { code: string }).code).toBe('INVALID')
  })

  it.each([NUL, LONE])('answers 400 to a login or a registration containing %j', async (bad) => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { userName: `ana${bad}`, password: `x${bad}` },
    })
    expectClientError(login)
    const reg = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: registration({ firstName: `Ana${bad}` }),
    })
    expectClientError(reg)
  })

  it.each([NUL, LONE])('answers 400 to seller text fields containing %j', async (bad) => {
    const product = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/products',
      headers: seller.headers,
      payload: productInput({ title: `Yerba${bad}`, description: `d${bad}`, tags: [`t${bad}`] }),
    })
    expectClientError(product)
    const store = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/stores/${seller.store._id}`,
      headers: seller.headers,
      payload: { name: `Almacén${bad}` },
    })
    expectClientError(store)
  })

  it('answers 400 to a lone surrogate in values stored as JSON (push token, logistics)', async () => {
    const push = await app.inject({
      method: 'POST',
      url: '/api/v1/push/test',
      headers: { 'x-device-id': deviceId() },
      payload: { deviceToken: `tok${LONE}`, devicePlatform: 'android' },
    })
    expectClientError(push)
    const logistics = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/store_settings_logistics',
      headers: seller.headers,
      payload: {
        pickup: { enabled: true, address: `Gorriti${LONE}`, preparationMinutes: 15 },
        delivery: { enabled: false },
        shipping: { enabled: false },
      },
    })
    expectClientError(logistics)
  })

  it('accepts ordinary Spanish text and emoji (valid surrogate pairs)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/products',
      headers: seller.headers,
      payload: productInput({ title: 'Ñoquis caseros 🍝', description: '¿Querés? ¡Sí!' }),
    })
    expect(res.statusCode).toBe(201)
  })
})

describe('found by the schema-driven fuzz test', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'looks up a place named %s like any other word (no prototype lookups)',
    async (input) => {
      const res = await app.inject({ method: 'GET', url: `/api/v1/geo/places?input=${input}` })
      expect(res.statusCode, res.body).toBe(200)
    },
  )
})

describe('integers are bounded by what their columns and sums can hold', () => {
  it('refuses a price or list price above the unit price cap', async () => {
    for (const variant of [
      { price: 2_147_483_648, stock: 1 },
      { price: 100, compareAtPrice: 100_000_000_000, stock: 1 },
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/admin/products',
        headers: seller.headers,
        payload: productInput({ options: [], variants: [variant] }),
      })
      expectClientError(res)
      expect((res.json() as { code: string }).code).toBe('INVALID')
    }
  })

  it('refuses price and stock filters beyond 32 bits in the admin product list', async () => {
    for (const filter of [
      { price: { $gte: 99_999_999_999 } },
      { price: { $lt: 1e300 } },
      { stock: { $lt: 2_147_483_648 } },
    ]) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/admin/products?query=${encodeURIComponent(JSON.stringify(filter))}`,
        headers: seller.headers,
      })
      expectClientError(res)
    }
  })

  it('refuses a delivery fee above the cap in the logistics settings', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/store_settings_logistics',
      headers: seller.headers,
      payload: {
        pickup: { enabled: false },
        delivery: {
          enabled: true,
          radiusKm: 3,
          fee: { type: 'fixed', amount: 99_999_999_999 },
          estimatedMinutes: 40,
        },
        shipping: { enabled: false },
      },
    })
    expectClientError(res)
  })

  it('answers 409 with a Spanish message when an order total would not fit, and keeps the stock', async () => {
    const shop = await shopForCheckout(app, { stock: 1000 })
    // Two variants at the unit price cap, many units each: far beyond what an order total holds.
    const put = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/products/${shop.product._id}`,
      headers: shop.seller.headers,
      payload: {
        title: 'Medialunas x 12',
        status: 'active',
        options: ['Tipo'],
        variants: [
          {
            _id: shop.manteca._id,
            options: { Tipo: 'Manteca' },
            price: 1_000_000_000,
            stock: 1000,
          },
          { _id: shop.grasa._id, options: { Tipo: 'Grasa' }, price: 1_000_000_000, stock: 1000 },
        ],
      },
    })
    expect(put.statusCode, put.body).toBe(200)
    const customer = await customerWithAddress(app)
    const checkoutId = await readyToConfirm(
      app,
      customer,
      [
        { variantId: shop.manteca._id, quantity: 2 },
        { variantId: shop.grasa._id, quantity: 2 },
      ],
      { deliveryType: 'pickup', paymentMethod: 'cash' },
    )
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/checkout/${checkoutId}/confirm`,
      headers: customer.headers,
    })
    expectClientError(res, 409)
    const product = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/products/${shop.product._id}`,
      headers: shop.seller.headers,
    })
    expect((product.json() as { variants: Array<{ stock: number }> }).variants[0]!.stock).toBe(1000)
  })
})

describe('dates out of PostgreSQL range in the admin order filter', () => {
  it.each(['0000-01-01', '10000-01-01', '0000-01-01T00:00:00Z', '+010000-01-01T00:00:00Z'])(
    'answers 400 to createdAt $gte %s',
    async (date) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/admin/orders?query=${encodeURIComponent(JSON.stringify({ createdAt: { $gte: date } }))}`,
        headers: seller.headers,
      })
      expectClientError(res)
    },
  )

  it('answers 400 to the last day of 9999 (a date-only $gt reads as the next day)', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/orders?query=${encodeURIComponent(JSON.stringify({ createdAt: { $gt: '9999-12-31' } }))}`,
      headers: seller.headers,
    })
    expectClientError(res)
    expect((res.json() as { code: string }).code).toBe('INVALID')
  })

  it('still answers an ordinary date range', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/orders?query=${encodeURIComponent(JSON.stringify({ createdAt: { $gt: '2026-01-01', $lte: '2026-03-21T23:59:59-03:00' } }))}`,
      headers: seller.headers,
    })
    expect(res.statusCode, res.body).toBe(200)
  })
})

describe('media uploads', () => {
  it('answers 400 to multipart without a boundary or with a truncated body', async () => {
    const noBoundary = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/products/${productId}/media`,
      headers: { ...seller.headers, 'content-type': 'multipart/form-data' },
      payload: 'abc',
    })
    expectClientError(noBoundary)
    const full = multipart([{ filename: 'a.png', data: await pngImage() }])
    const truncated = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/products/${productId}/media`,
      headers: { ...seller.headers, ...full.headers },
      payload: full.payload.subarray(0, full.payload.length - 40),
    })
    expectClientError(truncated)
  })

  it('refuses an image above 40 megapixels with a Spanish message naming it', async () => {
    // 7000 x 6000 = 42 MP, a flat PNG of a few hundred KB.
    const big = multipart([{ filename: 'enorme.png', data: await pngImage(7000, 6000) }])
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/products/${productId}/media`,
      headers: { ...seller.headers, ...big.headers },
      payload: big.payload,
    })
    expectClientError(res)
    expect((res.json() as { message: string }).message).toMatch(/enorme\.png.*megapíxeles/)
  })

  it('refuses more images per request than the cap, saving none', async () => {
    const before = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/products/${productId}`,
      headers: seller.headers,
    })
    const mediaBefore = (before.json() as { media: unknown[] }).media.length
    const small = await pngImage(8, 8)
    const many = multipart(
      Array.from({ length: 7 }, (_, i) => ({ filename: `f${i}.png`, data: small })),
    )
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/products/${productId}/media`,
      headers: { ...seller.headers, ...many.headers },
      payload: many.payload,
    })
    expectClientError(res)
    const product = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/products/${productId}`,
      headers: seller.headers,
    })
    expect((product.json() as { media: unknown[] }).media).toHaveLength(mediaBefore)
    expect((res.json() as { message: string }).message).toBe('Subí hasta 5 imágenes por vez.')
  })
})

describe('concurrent writes', () => {
  it('60 concurrent default-address changes all succeed and leave exactly one default', async () => {
    const ADDRESSES = 12
    const customer = await signedInCustomer(app)
    const ids: string[] = []
    for (let i = 0; i < ADDRESSES; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/addresses',
        headers: { cookie: customer.cookie },
        payload: {
          street: 'Costa Rica',
          number: String(5500 + i),
          city: 'Palermo',
          latitude: -34.58,
          longitude: -58.43,
          provinceCode: 'C',
        },
      })
      ids.push((res.json() as { _id: string })._id)
    }
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        app.inject({
          method: 'PUT',
          url: `/api/v1/addresses/${ids[i % ADDRESSES]}/default`,
          headers: { cookie: customer.cookie },
        }),
      ),
    )
    expect(results.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([])
    const list = await app.inject({
      method: 'GET',
      url: '/api/v1/addresses',
      headers: { cookie: customer.cookie },
    })
    const { docs } = list.json() as { docs: Array<{ isDefault: boolean }> }
    expect(docs).toHaveLength(ADDRESSES)
    expect(docs.filter((a) => a.isDefault)).toHaveLength(1)
  })

  it('runs a transaction again when PostgreSQL picks it as a deadlock victim', async () => {
    const customer = await signedInCustomer(app)
    const ids: string[] = []
    for (const number of ['100', '200']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/addresses',
        headers: { cookie: customer.cookie },
        payload: {
          street: 'Thames',
          number,
          city: 'Palermo',
          latitude: -34.58,
          longitude: -58.43,
          provinceCode: 'C',
        },
      })
      expect(res.statusCode, res.body).toBe(201)
      ids.push((res.json() as { _id: string })._id)
    }
    const retries: string[] = []
    const previous = app.database.hooks.onTransactionRetry
    app.database.hooks.onTransactionRetry = (retry) => retries.push(retry.code)
    // On PostgreSQL both transactions hold their first row before taking the other's: a deadlock.
    // PGlite runs transactions one at a time, so there the two simply follow each other.
    const concurrent = app.dbDriver === 'postgres'
    let arrived = 0
    let release: () => void = () => {}
    const bothHoldOne = new Promise<void>((resolve) => (release = resolve))
    const crossing = (first: string, second: string, label: string) =>
      app.db.transaction(async (tx) => {
        await tx.update(addresses).set({ label }).where(eq(addresses.id, first))
        if (concurrent) {
          arrived += 1
          if (arrived === 2) release()
          await bothHoldOne
        }
        await tx.update(addresses).set({ label }).where(eq(addresses.id, second))
        return label
      })
    try {
      const results = await Promise.all([
        crossing(ids[0]!, ids[1]!, 'casa'),
        crossing(ids[1]!, ids[0]!, 'trabajo'),
      ])
      expect(results).toEqual(['casa', 'trabajo'])
      if (concurrent) expect(retries).toEqual(['40P01'])
      const rows = await app.db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, customer.user._id))
      // Whichever ran last wrote both rows: the retried one never left half its work.
      expect(new Set(rows.map((r) => r.label)).size).toBe(1)
    } finally {
      app.database.hooks.onTransactionRetry = previous
    }
  })
})

/**
 * Issue 22: what the outside probe found still open after the first round. Each case is the
 * probe's own request; a regression fails here.
 */
describe('issue 22: the 999-unit cap holds after lines are merged', () => {
  /** An untracked variant at $1, so that neither stock nor the order total can refuse first. */
  async function untracked() {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/products',
      headers: seller.headers,
      payload: {
        title: 'Pan casero',
        status: 'active',
        variants: [{ price: 100, trackInventory: false }],
      },
    })
    expect(res.statusCode, res.body).toBe(201)
    return (res.json() as { variants: Array<{ _id: string }> }).variants[0]!._id
  }

  it('refuses one variant sent as 100 lines of 999 in POST /cart/update', async () => {
    const variantId = await untracked()
    const customer = await signedInCustomer(app)
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/cart/update',
      headers: { cookie: customer.cookie },
      payload: {
        cartId: randomUUID(),
        items: Array.from({ length: 100 }, () => ({ variantId, quantity: 999 })),
      },
    })
    expectClientError(res)
    expect(res.json()).toMatchObject({ code: 'INVALID', errors: [{ name: 'items.0.quantity' }] })
  })

  it('refuses one variant on two lines adding up to more than 999 in a seller order and its quote', async () => {
    const variantId = await untracked()
    const customer = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/customers',
      headers: seller.headers,
      payload: { firstName: 'Rosa', lastName: 'Paz', phone: '11 4444-1234' },
    })
    expect(customer.statusCode, customer.body).toBe(201)
    const items = [
      { variantId, quantity: 999 },
      { variantId, quantity: 999 },
    ]
    for (const url of ['/api/v1/admin/orders', '/api/v1/admin/orders/quote']) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: seller.headers,
        payload: {
          customerId: (customer.json() as { _id: string })._id,
          items,
          deliveryType: 'pickup',
          paymentMethod: 'cash',
          paid: true,
        },
      })
      expectClientError(res)
      expect(res.json()).toMatchObject({ code: 'INVALID', errors: [{ name: 'items.0.quantity' }] })
    }
  })

  it('confirm refuses a cart line over the cap saved before the cap held', async () => {
    const shop = await shopForCheckout(app, { stock: 5000 })
    await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/products/${shop.product._id}`,
      headers: shop.seller.headers,
      payload: {
        title: 'Medialunas x 12',
        status: 'active',
        options: ['Tipo'],
        variants: [
          { _id: shop.manteca._id, options: { Tipo: 'Manteca' }, price: 100, stock: 5000 },
          { _id: shop.grasa._id, options: { Tipo: 'Grasa' }, price: 100, stock: 5000 },
        ],
      },
    })
    const customer = await customerWithAddress(app)
    const filled = await app.inject({
      method: 'POST',
      url: '/api/v1/cart/update',
      headers: customer.headers,
      payload: { cartId: customer.cartId, items: [{ variantId: shop.manteca._id, quantity: 999 }] },
    })
    expect(filled.statusCode, filled.body).toBe(200)
    // What a cart holds after the old merge: 1998 units on one line.
    await app.db
      .update(cartItems)
      .set({ quantity: 1998 })
      .where(eq(cartItems.cartId, customer.cartId))
    const started = await app.inject({
      method: 'POST',
      url: '/api/v1/checkout',
      headers: customer.headers,
      payload: { cartId: customer.cartId, shippingAddressId: customer.address._id },
    })
    const { checkoutId } = started.json() as { checkoutId: string }
    const reviewed = await app.inject({
      method: 'POST',
      url: `/api/v1/checkout/${checkoutId}/review`,
      headers: customer.headers,
      payload: {
        contact: {
          firstName: 'Lucía',
          lastName: 'Fernández',
          phone: '+5491155551234',
          email: customer.data.email,
        },
        deliveryType: 'pickup',
        paymentMethod: 'cash',
      },
    })
    expect(reviewed.statusCode, reviewed.body).toBe(200)
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/checkout/${checkoutId}/confirm`,
      headers: customer.headers,
    })
    expectClientError(response, 409)
    expect(response.json()).toMatchObject({ code: 'CONFLICT' })
    expect((response.json() as { message: string }).message).toMatch(/Hasta 999 unidades/)
  })
})

describe('issue 22: NUL escapes in JSON filters and year-0000 days are refused at the schema', () => {
  /** What the error handler says when PostgreSQL refused a value: a bound is missing. */
  const DATABASE_REFUSED = 'fuera de rango'
  const filtered = (list: string, filter: string) =>
    app.inject({
      method: 'GET',
      url: `/api/v1/admin/${list}?query=${encodeURIComponent(filter)}`,
      headers: seller.headers,
    })
  function expectFieldError(res: { statusCode: number; json: () => unknown }, name: string) {
    expectClientError(res)
    const body = res.json() as { code: string; message: string; errors?: Array<{ name: string }> }
    expect(body.code).toBe('INVALID')
    expect(body.message).not.toContain(DATABASE_REFUSED)
    expect(body.errors?.map((e) => e.name)).toContain(name)
  }

  it.each(['orders', 'products', 'customers'])(
    'answers a field error to query={"search":"\\u0000"} on /admin/%s',
    async (list) => {
      // The escape travels as six characters; JSON.parse makes it a NUL.
      expectFieldError(await filtered(list, '{"search":"\\u0000"}'), 'query.search')
      expectFieldError(
        await filtered(list, '{"search":{"$contains":"a\\ud800"}}'),
        'query.search.$contains',
      )
    },
  )

  it('names the place of a NUL deep in a filter, in a key too', async () => {
    expectFieldError(
      await filtered('customers', '{"tags":{"$in":["vip","\\u0000"]}}'),
      'query.tags.$in.1',
    )
    expectFieldError(await filtered('orders', '{"a\\u0000b":1}'), 'query.a\u0000b')
  })

  it.each([
    ['dashboard?date=0000-01-01', 'date'],
    ['dashboard?date=2026-02-30', 'date'],
    ['payments/summary?from=0000-01-01&to=2026-01-31', 'from'],
    ['payments/summary?from=2026-01-01&to=9999-12-31', 'to'],
    ['analytics?from=0000-01-01&to=0000-01-31', 'from'],
    ['analytics/export?from=0001-01-01&to=0001-01-31&table=series', 'from'],
  ])('answers a field error to the day in /admin/%s', async (path, name) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/${path}`,
      headers: seller.headers,
    })
    expectFieldError(res, name)
  })

  it('answers a field error to a year-0000 day in the payments filter', async () => {
    expectFieldError(
      await filtered('payments', '{"createdAt":{"from":"0000-01-01"}}'),
      'query.createdAt.from',
    )
  })

  it.each([
    ['x-device-model', 'Pixel%00'],
    ['x-device-name', '%00'],
  ])(
    'signs in from a device whose %s header decodes to a NUL, leaving it out',
    async (header, value) => {
      const data = registration()
      expect(
        (await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: data }))
          .statusCode,
      ).toBe(201)
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { ...(await issuedDevice(app)), 'x-platform': 'android', [header]: value },
        payload: { userName: data.email, password: data.password },
      })
      expect(res.statusCode, res.body).toBe(200)
    },
  )

  it('still answers ordinary days and filters', async () => {
    for (const url of [
      'dashboard?date=2026-03-21',
      'payments/summary?from=2026-03-01&to=2026-03-21',
      'analytics?from=2026-03-01&to=2026-03-21',
      `orders?query=${encodeURIComponent('{"search":"Ñandú 🍝"}')}`,
    ]) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/admin/${url}`,
        headers: seller.headers,
      })
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
    }
  })
})

describe('issue 22: image URL fields take only our own stored files', () => {
  const putStore = (payload: Record<string, unknown>) =>
    app.inject({
      method: 'PUT',
      url: `/api/v1/admin/stores/${seller.store._id}`,
      headers: seller.headers,
      payload: { ...storeInput(seller.store.handle), ...payload },
    })
  const postCollection = (imageUrl: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/admin/collections',
      headers: seller.headers,
      payload: { title: `Ofertas ${randomUUID().slice(0, 6)}`, imageUrl },
    })
  const refusedOn = (res: { statusCode: number; json: () => unknown }, name: string) => {
    expectClientError(res)
    expect(res.json()).toMatchObject({
      code: 'INVALID',
      errors: [{ name, message: 'Usá una imagen subida a Barrio' }],
    })
  }

  it.each([
    'javascript:alert(document.cookie)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'https://evil.example/logo.webp',
    '/uploads/../api/v1/auth/logout',
  ])('refuses %j as a store logo, a store cover and a collection image', async (url) => {
    refusedOn(await putStore({ logoUrl: url }), 'logoUrl')
    refusedOn(await putStore({ coverUrl: url }), 'coverUrl')
    refusedOn(await postCollection(url), 'imageUrl')
  })

  it('keeps the files the upload endpoints answered, and null removes an image', async () => {
    const body = multipart([{ filename: 'logo.png', data: await pngImage(300, 300) }])
    const uploaded = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/stores/${seller.store._id}/media?kind=logo`,
      headers: { ...seller.headers, ...body.headers },
      payload: body.payload,
    })
    expect(uploaded.statusCode, uploaded.body).toBe(200)
    const { logoUrl } = uploaded.json() as { logoUrl: string }
    expect(logoUrl).toMatch(/^\/uploads\//)
    // The seller form sends back what the server has: saving it again works.
    const saved = await putStore({ logoUrl, coverUrl: null })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({ logoUrl, coverUrl: null })
    const collection = await postCollection(logoUrl)
    expect(collection.statusCode, collection.body).toBe(201)
    expect((await postCollection(null)).statusCode).toBe(201)
  })
})
