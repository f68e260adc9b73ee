import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  customerWithAddress,
  lastEmailTo,
  readyToConfirm,
  shopForCheckout,
  variantStocks,
} from '../../../test/factories.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.close()
})

type Customer = Awaited<ReturnType<typeof customerWithAddress>>
const contact = (c: Customer) => ({
  firstName: 'Lucía',
  lastName: 'Fernández',
  phone: '+5491155551234',
  email: c.data.email,
})

async function fillCart(c: Customer, items: Array<{ variantId: string; quantity: number }>) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/cart/update',
    headers: c.headers,
    payload: { cartId: c.cartId, items },
  })
  if (res.statusCode !== 200) throw new Error(res.body)
}
async function startCheckout(c: Customer, addressId: string | null = c.address._id) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/checkout',
    headers: c.headers,
    payload: { cartId: c.cartId, shippingAddressId: addressId },
  })
  expect(res.statusCode).toBe(201)
  return res.json() as { checkoutId: string; step: string }
}
const review = (c: Customer, id: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/v1/checkout/${id}/review`, headers: c.headers, payload })
const summary = async (c: Customer, id: string) =>
  (
    await app.inject({ method: 'GET', url: `/api/v1/checkout/${id}/review`, headers: c.headers })
  ).json()
const confirm = (c: Customer, id: string) =>
  app.inject({ method: 'POST', url: `/api/v1/checkout/${id}/confirm`, headers: c.headers })

/** A pickup-and-cash checkout ready to confirm, at a shop that has just closed. */
async function checkoutAtClosedShop() {
  const shop = await shopForCheckout(app)
  const c = await customerWithAddress(app)
  const checkoutId = await readyToConfirm(app, c, [{ variantId: shop.grasa._id, quantity: 1 }], {
    deliveryType: 'pickup',
    paymentMethod: 'cash',
  })
  await app.inject({
    method: 'POST',
    url: `/api/v1/admin/stores/${shop.seller.store._id}/toggle-open`,
    headers: { cookie: shop.seller.cookie },
    payload: { isOpen: false },
  })
  return { shop, c, checkoutId }
}

describe('checkout', () => {
  test('needs a signed-in customer and a cart with items', async () => {
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/v1/checkout',
      payload: { cartId: '6f1c2f7e-3a3b-4c1e-9f1e-0a1b2c3d4e5f' },
    })
    expect(anonymous.statusCode).toBe(401)
    const c = await customerWithAddress(app)
    const empty = await app.inject({
      method: 'POST',
      url: '/api/v1/checkout',
      headers: c.headers,
      payload: { cartId: c.cartId, shippingAddressId: c.address._id },
    })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().message).toBe('Tu carrito está vacío.')
  })

  test('the whole flow: summary, review, confirm; stock, cart, timeline and emails follow', async () => {
    const shop = await shopForCheckout(app)
    const c = await customerWithAddress(app)
    await fillCart(c, [
      { variantId: shop.manteca._id, quantity: 2 },
      { variantId: shop.grasa._id, quantity: 1 },
    ])
    const created = await startCheckout(c)
    expect(created.step).toBe('contact_information')

    const s = await summary(c, created.checkoutId)
    expect(s).toMatchObject({
      subtotal: 1700000,
      canConfirm: false,
      store: { _id: shop.seller.store._id },
    })
    const types = Object.fromEntries(s.deliveryOptions.map((o: { type: string }) => [o.type, o]))
    expect(types.pickup).toMatchObject({
      available: true,
      fee: 0,
      pickupAddress: 'Gorriti 4800, Palermo',
    })
    expect(types.delivery).toMatchObject({ available: true, fee: 50000, isFree: false })
    expect(types.delivery.distanceKm).toBeCloseTo(0.79, 1)
    expect(types.shipping).toMatchObject({ available: true, fee: 300000 })
    expect(s.paymentMethods.map((m: { method: string }) => m.method).sort()).toEqual([
      'bank_transfer',
      'cash',
    ])

    const reviewed = await review(c, created.checkoutId, {
      contact: contact(c),
      deliveryType: 'delivery',
      paymentMethod: 'cash',
      note: 'Tocar el 3B',
    })
    expect(reviewed.json().step).toBe('review')
    const ready = await summary(c, created.checkoutId)
    expect(ready).toMatchObject({
      canConfirm: true,
      deliveryFee: 50000,
      total: 1750000,
      blockers: [],
    })

    const res = await confirm(c, created.checkoutId)
    expect(res.statusCode).toBe(200)
    const { order, checkoutUrl } = res.json()
    expect(checkoutUrl).toBeNull()
    expect(order).toMatchObject({
      status: 'open',
      statusLabel: 'En proceso',
      paymentStatus: 'pending',
      deliveryType: 'delivery',
      deliveryTypeLabel: 'Entrega a domicilio',
      paymentMethod: 'cash',
      subtotal: 1700000,
      deliveryFee: 50000,
      total: 1750000,
      note: 'Tocar el 3B',
    })
    expect(order.number).toBeGreaterThanOrEqual(1001)
    expect(order.timeline.map((t: { type: string; label: string }) => [t.type, t.label])).toEqual([
      ['ORDER_PLACED', 'Pedido recibido'],
      ['NOTE_ADDED', 'Nota agregada'],
    ])
    const product = (
      await app.inject({
        method: 'GET',
        url: `/api/v1/admin/products/${shop.product._id}`,
        headers: shop.seller.headers,
      })
    ).json()
    expect(product.variants.map((v: { stock: number }) => v.stock)).toEqual([8, 9])
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/cart', headers: c.headers })).json(),
    ).toMatchObject({ items: [], totalPrice: 0, storeId: null, note: '' })
    await app.outboxWorker.drain()
    expect(await lastEmailTo(app, c.data.email)).toMatchObject({
      subject: `Recibimos tu pedido #${order.number}`,
    })
    expect(await lastEmailTo(app, 'almacen@example.com')).toMatchObject({
      subject: `Nuevo pedido #${order.number}`,
    })

    const again = await confirm(c, created.checkoutId)
    expect(again.json().order._id).toBe(order._id)
    const list = (
      await app.inject({ method: 'GET', url: '/api/v1/orders', headers: c.headers })
    ).json()
    expect(list).toMatchObject({ totalDocs: 1, limit: 50 })
  })

  test('two confirms at the same moment make one order', async () => {
    const shop = await shopForCheckout(app)
    const c = await customerWithAddress(app)
    const checkoutId = await readyToConfirm(app, c, [{ variantId: shop.grasa._id, quantity: 1 }], {
      deliveryType: 'pickup',
      paymentMethod: 'cash',
    })
    const [a, b] = await Promise.all([confirm(c, checkoutId), confirm(c, checkoutId)])
    expect(a.json().order._id).toBe(b.json().order._id)
    expect((await variantStocks(app, shop))[1]).toBe(9)
  })

  test('bank transfer shows the store’s CBU, alias and the amount on the order', async () => {
    const shop = await shopForCheckout(app)
    const c = await customerWithAddress(app)
    const checkoutId = await readyToConfirm(
      app,
      c,
      [{ variantId: shop.manteca._id, quantity: 1 }],
      { deliveryType: 'pickup', paymentMethod: 'bank_transfer' },
    )
    const { order } = (await confirm(c, checkoutId)).json()
    expect(order.paymentInstructions).toMatchObject({
      cbu: '0110599520000001234567',
      alias: 'medialunas.ok',
      holder: 'Panadería SRL',
      amount: 600000,
    })
    expect(order.pickupAddress).toBe('Gorriti 4800, Palermo')
    expect(order.shippingAddress).toBeNull()
  })
})

describe('delivery, tax and store rules', () => {
  test('out of the radius, under the minimum, free above the threshold, provinces not served', async () => {
    const shop = await shopForCheckout(app)
    // ~5.5 km away: outside the 3 km radius; Buenos Aires province: not served by shipping.
    const far = await customerWithAddress(app, {
      latitude: -34.5394,
      longitude: -58.47,
      provinceCode: 'B',
    })
    await fillCart(far, [{ variantId: shop.grasa._id, quantity: 1 }])
    const { checkoutId } = await startCheckout(far)
    const opts = Object.fromEntries(
      (await summary(far, checkoutId)).deliveryOptions.map((o: { type: string }) => [o.type, o]),
    )
    expect(opts.delivery.available).toBe(false)
    expect(opts.delivery.reason).toMatch(/entrega hasta 3 km/)
    expect(opts.shipping).toMatchObject({
      available: false,
      reason: 'Este comercio no envía a Buenos Aires',
    })
    const refused = await review(far, checkoutId, {
      contact: contact(far),
      deliveryType: 'delivery',
      paymentMethod: 'cash',
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().errors).toEqual([expect.objectContaining({ name: 'deliveryType' })])

    const near = await customerWithAddress(app)
    await fillCart(near, [{ variantId: shop.grasa._id, quantity: 1 }])
    const small = await startCheckout(near)
    const minimum = (await summary(near, small.checkoutId)).deliveryOptions.find(
      (o: { type: string }) => o.type === 'delivery',
    )
    expect(minimum).toMatchObject({ available: true })
    await fillCart(near, [{ variantId: shop.manteca._id, quantity: 9 }])
    const big = (await summary(near, small.checkoutId)).deliveryOptions.find(
      (o: { type: string }) => o.type === 'delivery',
    )
    expect(big).toMatchObject({ available: true, isFree: true, fee: 0 })
  })

  test('a minimum order blocks delivery below it', async () => {
    const shop = await shopForCheckout(app, {
      logistics: {
        pickup: { enabled: false, preparationMinutes: 10 },
        delivery: {
          enabled: true,
          radiusKm: 3,
          fee: { type: 'flat', amount: 70000 },
          freeFrom: null,
          minOrder: 1000000,
          estimatedMinutes: 30,
        },
        shipping: { enabled: false, provinces: [], estimatedDays: 1 },
      },
    })
    const c = await customerWithAddress(app)
    await fillCart(c, [{ variantId: shop.grasa._id, quantity: 1 }])
    const { checkoutId } = await startCheckout(c)
    const [delivery] = (await summary(c, checkoutId)).deliveryOptions
    expect(delivery).toMatchObject({ type: 'delivery', available: false })
    expect(delivery.reason).toContain('El pedido mínimo para entrega a domicilio es $')
  })

  test('taxes not included in prices are added to the total; included ones are informative', async () => {
    const shop = await shopForCheckout(app, {
      taxes: [
        { name: 'IVA', rate: 21, included: true },
        { name: 'Tasa municipal', rate: 10.5, included: false },
      ],
    })
    const c = await customerWithAddress(app)
    const checkoutId = await readyToConfirm(app, c, [{ variantId: shop.grasa._id, quantity: 2 }], {
      deliveryType: 'pickup',
      paymentMethod: 'cash',
    })
    const s = await summary(c, checkoutId)
    expect(s.taxLines).toEqual([
      { name: 'IVA', rate: 21, amount: 173554, included: true },
      { name: 'Tasa municipal', rate: 10.5, amount: 105000, included: false },
    ])
    expect(s).toMatchObject({ subtotal: 1000000, taxes: 105000, total: 1105000 })
  })

  test('a closed store takes no orders, with a clear message', async () => {
    const { c, checkoutId } = await checkoutAtClosedShop()
    const res = await confirm(c, checkoutId)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('El comercio está cerrado en este momento: probá más tarde.')
    // A reason that is no input field names the resource's path parameter (decision 015).
    expect(res.json().errors).toEqual([
      { name: 'id', message: 'El comercio está cerrado en este momento: probá más tarde.' },
    ])
  })

  test('a closed store that takes orders for later confirms them, telling the customer', async () => {
    const { shop, c, checkoutId } = await checkoutAtClosedShop()
    const saved = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/store_settings_logistics',
      headers: shop.seller.headers,
    })
    expect(saved.json().ordersWhenClosed).toBe(false)
    const updated = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/store_settings_logistics',
      headers: shop.seller.headers,
      payload: { ...(saved.json() as object), ordersWhenClosed: true },
    })
    expect(updated.json().ordersWhenClosed).toBe(true)

    const s = await summary(c, checkoutId)
    expect(s.blockers).toEqual([])
    expect(s.notices).toEqual([
      'El comercio está cerrado: recibe tu pedido ahora y lo prepara cuando abra.',
    ])
    const res = await confirm(c, checkoutId)
    expect(res.statusCode).toBeLessThan(300)
  })

  test('the loser of the last unit gets a CONFLICT naming the item and nothing is taken', async () => {
    const shop = await shopForCheckout(app, { stock: 1 })
    const [a, b] = [await customerWithAddress(app), await customerWithAddress(app)]
    const ids: string[] = []
    for (const c of [a, b]) {
      ids.push(
        await readyToConfirm(app, c, [{ variantId: shop.grasa._id, quantity: 1 }], {
          deliveryType: 'pickup',
          paymentMethod: 'cash',
        }),
      )
    }
    expect((await confirm(a, ids[0]!)).statusCode).toBe(200)
    const lost = await confirm(b, ids[1]!)
    expect(lost.statusCode).toBe(409)
    expect(lost.json().message).toContain('Medialunas x 12')
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/orders', headers: b.headers })).json()
        .totalDocs,
    ).toBe(0)
  })
})

describe('the customer’s orders', () => {
  test('only their owner sees an order; lists need a user or a device', async () => {
    const shop = await shopForCheckout(app)
    const c = await customerWithAddress(app)
    const checkoutId = await readyToConfirm(app, c, [{ variantId: shop.grasa._id, quantity: 1 }], {
      deliveryType: 'pickup',
      paymentMethod: 'cash',
    })
    const { order } = (await confirm(c, checkoutId)).json()
    const mine = await app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order._id}`,
      headers: c.headers,
    })
    expect(mine.json()).toMatchObject({
      _id: order._id,
      items: [{ title: 'Medialunas x 12', variantTitle: 'Grasa', quantity: 1, lineTotal: 500000 }],
    })
    const stranger = await customerWithAddress(app)
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/v1/orders/${order._id}`,
          headers: stranger.headers,
        })
      ).statusCode,
    ).toBe(404)
    const none = await app.inject({ method: 'GET', url: '/api/v1/orders' })
    expect(none.json().message).toBe('User is not logged in and deviceId not set...')
  })
})
