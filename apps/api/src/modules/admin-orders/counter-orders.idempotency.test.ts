import type { AdminCustomerDetail } from '@barrio/contracts/admin-customers'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { orders, idempotencyKeys } from '../../db/schema/ordering.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { shopForCheckout } from '../../../test/factories.ts'

/**
 * POST /admin/orders with an Idempotency-Key (decision 027, addendum): a retried or doubled
 * request makes one order and takes stock once. On PGlite the requests serialise; on PostgreSQL
 * (TEST_DATABASE_URL) the concurrent ones really run at the same time and queue on the key.
 */
let app: TestApp
type Shop = Awaited<ReturnType<typeof shopForCheckout>>
let shop: Shop
let customerId: string
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_IP_MAX: '100000' })
  shop = await shopForCheckout(app, { stock: 50 })
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/customers',
    headers: shop.seller.headers,
    payload: { firstName: 'Rosa', lastName: 'Giménez', phone: '11 4444-5555', email: null },
  })
  expect(res.statusCode, res.body).toBe(201)
  customerId = (res.json() as AdminCustomerDetail)._id
})
afterAll(async () => {
  await app.close()
})

const body = (quantity = 2) => ({
  customerId,
  items: [{ variantId: shop.grasa._id, quantity }],
  deliveryType: 'pickup',
  paymentMethod: 'cash',
  paid: true,
  note: 'Pasa a las 18',
})

function post(payload: object, key: string | null, storeHeaders = shop.seller.headers) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/admin/orders',
    headers: { ...storeHeaders, ...(key !== null ? { 'idempotency-key': key } : {}) },
    payload,
  })
}

async function grasaStock() {
  const product = (
    await app.inject({
      method: 'GET',
      url: `/api/v1/admin/products/${shop.product._id}`,
      headers: shop.seller.headers,
    })
  ).json() as { variants: Array<{ _id: string; stock: number }> }
  return product.variants.find((v) => v._id === shop.grasa._id)!.stock
}

const storeOrders = async () =>
  (
    await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.storeId, shop.seller.store._id))
  )[0]!.n

test('the same request twice with one key: one order, one stock decrement, the same answer', async () => {
  const ordersBefore = await storeOrders()
  const stockBefore = await grasaStock()
  const key = 'form-2b1d6b0e-0a51-4f57-9a5c-1f0c6a7d1e01'

  const first = await post(body(), key)
  expect(first.statusCode, first.body).toBe(201)
  expect(first.headers['idempotent-replayed']).toBeUndefined()
  const again = await post(body(), key)
  expect(again.statusCode, again.body).toBe(201)
  expect(again.headers['idempotent-replayed']).toBe('true')
  expect(again.json()._id).toBe(first.json()._id)
  expect(again.json().number).toBe(first.json().number)

  expect(await storeOrders()).toBe(ordersBefore + 1)
  expect(await grasaStock()).toBe(stockBefore - 2)
  // The key's row names the order, whose checkout_id is that row's id.
  const [row] = await app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))
  const [order] = await app.db.select().from(orders).where(eq(orders.id, first.json()._id))
  expect(row!.orderId).toBe(order!.id)
  expect(order!.checkoutId).toBe(row!.id)
})

test('the same request sent at once with one key: one order, one stock decrement', async () => {
  const ordersBefore = await storeOrders()
  const stockBefore = await grasaStock()
  const key = 'form-concurrent-1'
  const results = await Promise.all(Array.from({ length: 4 }, () => post(body(1), key)))
  for (const r of results) expect(r.statusCode, r.body).toBe(201)
  expect(new Set(results.map((r) => r.json()._id as string)).size).toBe(1)
  expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(3)
  expect(await storeOrders()).toBe(ordersBefore + 1)
  expect(await grasaStock()).toBe(stockBefore - 1)
})

test('the key with another body is refused (422 IDEMPOTENCY_KEY_REUSED), nothing is written', async () => {
  const key = 'form-changed-body'
  expect((await post(body(1), key)).statusCode).toBe(201)
  const ordersBefore = await storeOrders()
  const stockBefore = await grasaStock()
  const changed = await post(body(3), key)
  expect(changed.statusCode).toBe(422)
  expect(changed.json()).toMatchObject({
    code: 'IDEMPOTENCY_KEY_REUSED',
    message: expect.stringMatching(/ya se cargó .* con otros datos/),
    errors: [{ name: 'Idempotency-Key' }],
  })
  // Two at once with different bodies: one order, the other refused.
  const racing = await Promise.all([post(body(1), 'form-race'), post(body(2), 'form-race')])
  expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 422])
  expect(await storeOrders()).toBe(ordersBefore + 1)
  expect(await grasaStock()).toBe(stockBefore - (racing[0]!.statusCode === 201 ? 1 : 2))
})

test('a failed request leaves the key free; keys are per store; a bad key is a field error', async () => {
  const key = 'form-after-error'
  const tooMany = await post(body(999), key)
  expect(tooMany.statusCode).toBe(409)
  const fixed = await post(body(1), key)
  expect(fixed.statusCode, fixed.body).toBe(201)
  expect(fixed.headers['idempotent-replayed']).toBeUndefined()

  // Another store may use the same key for its own order.
  const other = await shopForCheckout(app, { stock: 5 })
  const theirCustomer = (
    await app.inject({
      method: 'POST',
      url: '/api/v1/admin/customers',
      headers: other.seller.headers,
      payload: { firstName: 'Luis', lastName: 'Paz', phone: '11 4444-6666', email: null },
    })
  ).json() as AdminCustomerDetail
  const theirs = await post(
    {
      customerId: theirCustomer._id,
      items: [{ variantId: other.grasa._id, quantity: 1 }],
      deliveryType: 'pickup',
      paymentMethod: 'cash',
      paid: false,
    },
    key,
    other.seller.headers,
  )
  expect(theirs.statusCode, theirs.body).toBe(201)
  expect(theirs.json()._id).not.toBe(fixed.json()._id)

  const bad = await post(body(1), 'con espacios')
  expect(bad.statusCode).toBe(400)
  expect(bad.json().errors).toEqual([
    { name: 'Idempotency-Key', message: expect.stringMatching(/caracteres visibles/) },
  ])
})

test('a key older than 24 hours is forgotten: the request makes a new order', async () => {
  const key = 'form-yesterday'
  const first = await post(body(1), key)
  expect(first.statusCode).toBe(201)
  await app.db
    .update(idempotencyKeys)
    .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
    .where(eq(idempotencyKeys.key, key))
  const later = await post(body(1), key)
  expect(later.statusCode).toBe(201)
  expect(later.headers['idempotent-replayed']).toBeUndefined()
  expect(later.json()._id).not.toBe(first.json()._id)
})
