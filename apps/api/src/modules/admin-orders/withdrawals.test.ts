// The botón de arrepentimiento (issue 27, Res. 424/2020 SCI; Ley 24.240 art. 34): no sign-in,
// the order number and e-mail identify the purchase, 10 calendar days from its delivery, no
// enumeration, perishables exempt, and the store's accept refunds through the refund flow.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { orderEvents, orders } from '../../db/schema/ordering.ts'
import { products } from '../../db/schema/catalog.ts'
import { stores } from '../../db/schema/stores.ts'
import { withdrawals } from '../../db/schema/withdrawals.ts'
import { addDays, buenosAiresDay, buenosAiresDayRange } from '../../lib/buenos-aires-day.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  customerWithAddress,
  lastEmailTo,
  paidPickupOrder,
  shopForCheckout,
} from '../../../test/factories.ts'

let app: TestApp
let shop: Awaited<ReturnType<typeof shopForCheckout>>

beforeAll(async () => {
  app = await buildTestApp()
  shop = await shopForCheckout(app)
  // Croissants are food, but this test's shop says they can be revoked.
  await app.db
    .update(products)
    .set({ withdrawalExempt: false })
    .where(eq(products.id, shop.product._id))
})
afterAll(() => app.close())

/** A paid order of one unit, delivered `daysAgo` Buenos Aires days ago (null: never delivered). */
async function deliveredOrder(daysAgo: number | null, placedDaysAgo = daysAgo ?? 0) {
  const order = await paidPickupOrder(app, shop)
  const today = buenosAiresDay(app.clock.now())
  // Noon of a day `n` days back in Buenos Aires.
  const dayAt = (n: number) =>
    new Date(buenosAiresDayRange(addDays(today, -n)).start.getTime() + 12 * 3600_000)
  await app.db
    .update(orders)
    .set({ createdAt: dayAt(placedDaysAgo) })
    .where(eq(orders.id, order._id))
  if (daysAgo !== null)
    await app.db
      .insert(orderEvents)
      .values({ orderId: order._id, type: 'DELIVERED', createdAt: dayAt(daysAgo) })
  return { ...order, email: order.customer.data.email as string }
}

const ask = (payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/v1/withdrawals', payload })

describe('POST /withdrawals (no sign-in)', () => {
  test('within 10 calendar days of delivery: 201 with the code, e-mailed at once; the store hears of it', async () => {
    const order = await deliveredOrder(10, 12)
    const res = await ask({
      orderNumber: `#${order.number}`,
      email: order.email.toUpperCase(),
      name: 'Lucía Fernández',
      reason: 'Me equivoqué de producto',
    })
    expect(res.statusCode, res.body).toBe(201)
    const receipt = res.json() as { code: string; orderNumber: number; status: string }
    expect(receipt).toMatchObject({ orderNumber: order.number, status: 'requested' })
    expect(receipt.code).toMatch(/^ARR-[A-Z2-9]{4}-[A-Z2-9]{4}$/)
    const mail = await lastEmailTo(app, order.email)
    expect(mail?.subject).toBe(`Tu código de arrepentimiento: ${receipt.code}`)
    expect(mail?.text).toContain(`#${order.number}`)
    const storeMail = await lastEmailTo(app, 'almacen@example.com')
    expect(storeMail?.subject).toBe(`Arrepentimiento del pedido #${order.number}`)
    const events = await app.db.select().from(orderEvents).where(eq(orderEvents.orderId, order._id))
    expect(events.map((e) => e.type)).toContain('WITHDRAWAL_REQUESTED')
    // Asking again answers the same code: one open request per order.
    const again = await ask({ orderNumber: order.number, email: order.email, name: 'Lucía' })
    expect((again.json() as { code: string }).code).toBe(receipt.code)
    const rows = await app.db.select().from(withdrawals).where(eq(withdrawals.orderId, order._id))
    expect(rows).toHaveLength(1)
  })

  test('on the 11th day it is late, with the last day named', async () => {
    const order = await deliveredOrder(11, 13)
    const res = await ask({ orderNumber: order.number, email: order.email, name: 'Lucía' })
    expect(res.statusCode, res.body).toBe(422)
    expect(res.json().message).toMatch(/venció el \d{2}\/\d{2}\/\d{4}/)
  })

  test('never delivered: the days count from the order', async () => {
    expect(
      (await ask({ ...(await identify(await deliveredOrder(null, 10))), name: 'Ana' })).statusCode,
    ).toBe(201)
    expect(
      (await ask({ ...(await identify(await deliveredOrder(null, 11))), name: 'Ana' })).statusCode,
    ).toBe(422)
  })

  test('an unknown order and e-mail pair gets the same answer, and no e-mail goes out', async () => {
    const order = await deliveredOrder(1)
    const res = await ask({ orderNumber: order.number, email: 'otra@example.com', name: 'Intruso' })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ orderNumber: order.number, status: 'requested' })
    expect(await lastEmailTo(app, 'otra@example.com')).toBeNull()
    const rows = await app.db.select().from(withdrawals).where(eq(withdrawals.orderId, order._id))
    expect(rows).toHaveLength(0)
  })

  test('an order of perishables only is told the law leaves them out; food shops default to exempt', async () => {
    await app.db
      .update(products)
      .set({ withdrawalExempt: true })
      .where(eq(products.id, shop.product._id))
    try {
      const order = await deliveredOrder(2)
      const res = await ask({ ...identify(order), name: 'Lucía' })
      expect(res.statusCode).toBe(422)
      expect(res.json().message).toMatch(/perecederos/)
      // Left to the store's category: a bakery's products are exempt, an "otros" shop's are not.
      await app.db
        .update(products)
        .set({ withdrawalExempt: null })
        .where(eq(products.id, shop.product._id))
      await app.db
        .update(stores)
        .set({ category: 'panaderia' })
        .where(eq(stores.id, shop.seller.store._id))
      expect((await ask({ ...identify(order), name: 'Lucía' })).statusCode).toBe(422)
      await app.db
        .update(stores)
        .set({ category: 'otros' })
        .where(eq(stores.id, shop.seller.store._id))
      expect((await ask({ ...identify(order), name: 'Lucía' })).statusCode).toBe(201)
    } finally {
      await app.db
        .update(products)
        .set({ withdrawalExempt: false })
        .where(eq(products.id, shop.product._id))
    }
  })

  test('bad input is a field error in Spanish', async () => {
    const res = await ask({ orderNumber: 'abc', email: 'no-es-mail', name: '' })
    expect(res.statusCode).toBe(400)
    const body = JSON.stringify(res.json())
    expect(body).toContain('orderNumber')
    expect(body).toContain('email')
    expect(body).toContain('número de pedido')
  })
})

function identify(order: { number: number; email: string }) {
  return { orderNumber: order.number, email: order.email }
}

describe('the store resolves the request', () => {
  test('accept: the order is refunded in full through the refund flow and the customer is told', async () => {
    const order = await deliveredOrder(3)
    const made = await ask({ ...identify(order), name: 'Lucía' })
    expect(made.statusCode).toBe(201)
    const list = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/withdrawals?status=requested',
      headers: shop.seller.headers,
    })
    expect(list.statusCode, list.body).toBe(200)
    const mine = (list.json() as { docs: Array<{ _id: string; orderNumber: number }> }).docs.find(
      (w) => w.orderNumber === order.number,
    )
    expect(mine).toBeDefined()
    const accepted = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/withdrawals/${mine!._id}/accept`,
      headers: shop.seller.headers,
      payload: { restock: true },
    })
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.json()).toMatchObject({ status: 'accepted' })
    const [row] = await app.db.select().from(orders).where(eq(orders.id, order._id))
    expect(row!.refundedAmount).toBe(order.total)
    const mail = await lastEmailTo(app, order.email)
    expect(mail?.subject).toBe(`Aceptaron tu arrepentimiento del pedido #${order.number}`)
    // Resolved once: a second accept is a conflict, and refunds nothing more.
    const twice = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/withdrawals/${mine!._id}/accept`,
      headers: shop.seller.headers,
    })
    expect(twice.statusCode).toBe(409)
  })

  test('reject: with the reason the customer reads; other stores get 404', async () => {
    const order = await deliveredOrder(1)
    await ask({ ...identify(order), name: 'Lucía' })
    const [request] = await app.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.orderId, order._id))
    const other = await shopForCheckout(app)
    const foreign = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/withdrawals/${request!.id}/reject`,
      headers: other.seller.headers,
      payload: { reason: 'No corresponde' },
    })
    expect(foreign.statusCode).toBe(404)
    const noReason = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/withdrawals/${request!.id}/reject`,
      headers: shop.seller.headers,
      payload: { reason: '' },
    })
    expect(noReason.statusCode).toBe(400)
    const rejected = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/withdrawals/${request!.id}/reject`,
      headers: shop.seller.headers,
      payload: { reason: 'El producto fue abierto y usado.' },
    })
    expect(rejected.statusCode, rejected.body).toBe(200)
    const mail = await lastEmailTo(app, order.email)
    expect(mail?.subject).toBe(`Tu arrepentimiento del pedido #${order.number} fue rechazado`)
    expect(mail?.text).toContain('El producto fue abierto y usado.')
  })

  test('nobody signed in, or a customer, cannot list the store’s requests', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/v1/admin/withdrawals' })
    expect(anonymous.statusCode).toBe(401)
    const customer = await customerWithAddress(app)
    const asCustomer = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/withdrawals',
      headers: { cookie: customer.cookie },
    })
    expect(asCustomer.statusCode).toBe(403)
  })
})
