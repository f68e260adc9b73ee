import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  customerWithAddress,
  readyToConfirm,
  shopForCheckout,
  variantStocks,
} from '../../../test/factories.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_IP_MAX: '100000' })
})
afterAll(async () => {
  await app.close()
})

// On PostgreSQL (CI sets TEST_DATABASE_URL) the confirms really run in parallel on a pool of
// connections; on PGlite they serialise. The rule must hold on both.
test('50 customers racing for the last 5 units: exactly 5 orders, stock 0, never negative', async () => {
  const shop = await shopForCheckout(app, { stock: 5 })
  const customers = await Promise.all(Array.from({ length: 50 }, () => customerWithAddress(app)))
  const checkouts: string[] = []
  for (const c of customers) {
    checkouts.push(
      await readyToConfirm(app, c, [{ variantId: shop.grasa._id, quantity: 1 }], {
        deliveryType: 'pickup',
        paymentMethod: 'cash',
      }),
    )
  }
  const results = await Promise.all(
    customers.map((c, i) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/checkout/${checkouts[i]}/confirm`,
        headers: c.headers,
      }),
    ),
  )
  const statuses = results.map((r) => r.statusCode)
  expect(statuses.filter((s) => s === 200)).toHaveLength(5)
  expect(statuses.filter((s) => s === 409)).toHaveLength(45)
  for (const r of results.filter((r) => r.statusCode === 409))
    expect(r.json().code).toBe('CONFLICT')
  expect((await variantStocks(app, shop))[1]).toBe(0)
})

// The cap of unpaid orders is counted under a (customer, store) lock that confirm takes with the
// checkout's row lock (decision 064): one customer's confirms at one store count one after the
// other however many run at once.
test('one customer confirming 6 checkouts at once at a store with a cap of 2 unpaid orders gets exactly 2', async () => {
  const shop = await shopForCheckout(app, { stock: 10 })
  const c = await customerWithAddress(app)
  const checkouts: string[] = []
  for (let i = 0; i < 6; i++) {
    // A cart of its own for each checkout (one open checkout per cart).
    const cartId = randomUUID()
    const own = { ...c, cartId, headers: { ...c.headers, 'x-cart-id': cartId } }
    checkouts.push(
      await readyToConfirm(app, own, [{ variantId: shop.grasa._id, quantity: 1 }], {
        deliveryType: 'pickup',
        paymentMethod: 'cash',
      }),
    )
  }
  const results = await Promise.all(
    checkouts.map((id) =>
      app.inject({ method: 'POST', url: `/api/v1/checkout/${id}/confirm`, headers: c.headers }),
    ),
  )
  const placed = results.filter((r) => r.statusCode === 200)
  expect(placed).toHaveLength(2)
  const refused = results.filter((r) => r.statusCode === 409)
  expect(refused).toHaveLength(4)
  for (const r of refused) expect(r.json().message).toMatch(/^Ya tenés 2 pedidos sin pagar/)
  // The answer is the order as written (one INSERT's RETURNING rows): the same as read back.
  for (const r of placed) {
    const { order } = r.json()
    const read = await app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order._id}`,
      headers: c.headers,
    })
    expect(order).toEqual(read.json())
  }
  expect((await variantStocks(app, shop))[1]).toBe(8)
})
