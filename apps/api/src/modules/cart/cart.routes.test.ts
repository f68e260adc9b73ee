import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { deviceId, registration, shopForCheckout } from '../../../test/factories.ts'

let app: TestApp
let shop: Awaited<ReturnType<typeof shopForCheckout>>
let other: Awaited<ReturnType<typeof shopForCheckout>>
beforeAll(async () => {
  app = await buildTestApp()
  shop = await shopForCheckout(app, { stock: 3 })
  other = await shopForCheckout(app)
})
afterAll(async () => {
  await app.close()
})

const update = (headers: Record<string, string>, payload: object) =>
  app.inject({ method: 'POST', url: '/api/v1/cart/update', headers, payload })

describe('the cart', () => {
  test('GET /cart gives an anonymous device a new cart with the spec fields', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/cart',
      headers: { 'x-device-id': deviceId() },
    })
    expect(res.json()).toMatchObject({
      _id: expect.any(String),
      note: '',
      items: [],
      totalPrice: 0,
      attributes: {},
      storeId: null,
    })
    expect((await app.inject({ method: 'GET', url: '/api/v1/cart' })).json().message).toBe(
      'User is not logged in and deviceId not set...',
    )
  })

  test('prices come from the server; repeated variants add up; zero or less removes an item', async () => {
    const headers = { 'x-device-id': deviceId() }
    const { _id: cartId } = (
      await app.inject({ method: 'GET', url: '/api/v1/cart', headers })
    ).json()
    const res = await update(headers, {
      cartId,
      items: [
        { variantId: shop.manteca._id, quantity: 1 },
        { variantId: shop.manteca._id, quantity: 1 },
        { variantId: shop.grasa._id, quantity: 0 },
      ],
      note: 'Sin azúcar impalpable',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      storeId: shop.seller.store._id,
      totalPrice: 1200000,
      itemCount: 2,
      note: 'Sin azúcar impalpable',
    })
    expect(res.json().items).toEqual([
      expect.objectContaining({
        variantId: shop.manteca._id,
        quantity: 2,
        unitPrice: 600000,
        lineTotal: 1200000,
        stock: 3,
      }),
    ])
    const removed = await update(headers, {
      cartId,
      items: [{ variantId: shop.manteca._id, quantity: -1 }],
    })
    expect(removed.json()).toMatchObject({ items: [], storeId: null, totalPrice: 0 })
  })

  test('one store per cart, and never more than the stock', async () => {
    const headers = { 'x-device-id': deviceId() }
    const { _id: cartId } = (
      await app.inject({ method: 'GET', url: '/api/v1/cart', headers })
    ).json()
    const mixed = await update(headers, {
      cartId,
      items: [
        { variantId: shop.manteca._id, quantity: 1 },
        { variantId: other.manteca._id, quantity: 1 },
      ],
    })
    expect(mixed.statusCode).toBe(409)
    expect(mixed.json().errors).toEqual([expect.objectContaining({ name: 'items' })])
    const tooMany = await update(headers, {
      cartId,
      items: [{ variantId: shop.manteca._id, quantity: 4 }],
    })
    expect(tooMany.statusCode).toBe(409)
    expect(tooMany.json()).toMatchObject({
      errors: [{ name: 'items.0.quantity', message: 'Quedan 3 de "Medialunas x 12"' }],
    })
  })

  test('the 999-unit cap holds for a variant sent on many lines: they are one line', async () => {
    // Stock is not tracked, so only the cap can refuse: 100 lines of 999 once merged to 99,900.
    const product = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/products',
      headers: shop.seller.headers,
      payload: {
        title: 'Pan casero',
        status: 'active',
        variants: [{ price: 100, trackInventory: false }],
      },
    })
    const variantId = (product.json() as { variants: Array<{ _id: string }> }).variants[0]!._id
    const headers = { 'x-device-id': deviceId() }
    const { _id: cartId } = (
      await app.inject({ method: 'GET', url: '/api/v1/cart', headers })
    ).json()
    const merged = await update(headers, {
      cartId,
      items: Array.from({ length: 100 }, () => ({ variantId, quantity: 999 })),
    })
    expect(merged.statusCode, merged.body).toBe(400)
    expect(merged.json()).toMatchObject({
      code: 'INVALID',
      errors: [
        {
          name: 'items.0.quantity',
          message: 'Hasta 999 unidades de un mismo producto (sumando las líneas repetidas)',
        },
      ],
    })
    const twoLines = await update(headers, {
      cartId,
      items: [
        { variantId, quantity: 500 },
        { variantId, quantity: 500 },
      ],
    })
    expect(twoLines.statusCode).toBe(400)
    // Up to the cap, repeated lines still add up.
    const atCap = await update(headers, {
      cartId,
      items: [
        { variantId, quantity: 500 },
        { variantId, quantity: 499 },
      ],
    })
    expect(atCap.statusCode, atCap.body).toBe(200)
    expect(atCap.json().items).toEqual([expect.objectContaining({ variantId, quantity: 999 })])
  })

  test('someone else’s cart token is useless; clear empties the cart', async () => {
    const mine = { 'x-device-id': deviceId() }
    const { _id: cartId } = (
      await app.inject({ method: 'GET', url: '/api/v1/cart', headers: mine })
    ).json()
    await update(mine, { cartId, items: [{ variantId: shop.grasa._id, quantity: 1 }] })
    const thief = await update({ 'x-device-id': deviceId() }, { cartId, items: [] })
    expect(thief.statusCode).toBe(404)
    const cleared = await app.inject({
      method: 'POST',
      url: '/api/v1/cart/clear',
      headers: mine,
      payload: { cartId },
    })
    expect(cleared.json()).toMatchObject({ items: [], totalPrice: 0 })
  })

  test('an anonymous cart moves to the account on sign-in from the device that made it', async () => {
    const issued = (await app.inject({ method: 'GET', url: '/api/v1/auth/gen-device-id' })).json()
    const device: string = issued.uuid
    const browser = { 'x-device-id': device, 'x-device-token': issued.token as string }
    const { _id: cartId } = (
      await app.inject({ method: 'GET', url: '/api/v1/cart', headers: browser })
    ).json()
    await update(browser, { cartId, items: [{ variantId: shop.grasa._id, quantity: 2 }] })
    const data = registration()
    await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: data })
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: browser,
      payload: { userName: data.userName, password: data.password },
    })
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
    const cart = await app.inject({
      method: 'GET',
      url: '/api/v1/cart',
      headers: { cookie, 'x-cart-id': cartId },
    })
    expect(cart.json()).toMatchObject({ _id: cartId, itemCount: 2 })
    const stranger = await app.inject({
      method: 'POST',
      url: '/api/v1/cart/update',
      headers: { 'x-device-id': device },
      payload: { cartId, items: [] },
    })
    expect(stranger.statusCode).toBe(404)
  })
})
