import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { orderEvents, orders } from '../../db/schema/ordering.ts'
import { paymentTransactions } from '../../db/schema/payments.ts'
import { confirmOrder, customerWithAddress, shopForCheckout } from '../../../test/factories.ts'
import { cashAndMercadoPago, withFakeMercadoPago } from '../../../test/mercado-pago-orders.ts'

/**
 * Mercado Pago's "refunded" notice and the seller's refund of the same order (decision 025,
 * addendum): both run on the order's row locked FOR UPDATE and count a Mercado Pago refund once
 * by its id. On PostgreSQL (TEST_DATABASE_URL) the notice really arrives while the seller's
 * refund transaction is open: the fake holds Mercado Pago's answer to the refund until the
 * webhook has read the payment (already refunded) and is waiting for the order's lock. PGlite
 * has one connection, so there the webhook simply runs after the refund; the outcome must be the
 * same on both.
 */
const TOKEN = 'APP_USR-race-0000000000'
const SECRET = 'race-webhook-secret'
const suite = withFakeMercadoPago({ accessToken: TOKEN, webhookSecret: SECRET })

let shop: Awaited<ReturnType<typeof shopForCheckout>>
beforeAll(async () => {
  shop = await shopForCheckout(suite.app, {
    stock: 100,
    methods: cashAndMercadoPago(TOKEN),
  })
})

let paymentIds = 91_000
/** A pickup order of 2 manteca paid with Mercado Pago, the payment notified and applied. */
async function paidWithMercadoPago() {
  const customer = await customerWithAddress(suite.app)
  const { response } = await confirmOrder(
    suite.app,
    customer,
    [{ variantId: shop.manteca._id, quantity: 2 }],
    { deliveryType: 'pickup', paymentMethod: 'mercado_pago' },
  )
  expect(response.statusCode, response.body).toBe(200)
  const order = response.json().order as { _id: string; total: number }
  const paymentId = String(paymentIds++)
  suite.mp.payments.set(paymentId, {
    status: 'approved',
    transaction_amount: order.total / 100,
    external_reference: order._id,
  })
  expect((await webhook(order._id, paymentId)).statusCode).toBe(200)
  return { order, paymentId }
}

function webhook(orderId: string, paymentId: string) {
  const n = suite.mp.signedNotification(paymentId)
  return suite.app.inject({
    method: 'POST',
    url: `/api/v1/payments/mercadopago/webhook?orderId=${orderId}&${n.query}`,
    headers: n.headers,
    payload: n.payload,
  })
}

const refund = (orderId: string, payload?: object) =>
  suite.app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${orderId}/refund`,
    headers: shop.seller.headers,
    ...(payload ? { payload } : {}),
  })

const refundRows = (orderId: string) =>
  suite.app.db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.orderId, orderId), eq(paymentTransactions.kind, 'refund')))

async function refundEvents(orderId: string) {
  const rows = await suite.app.db
    .select({ type: orderEvents.type })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, 'PAYMENT_REFUNDED')))
  return rows.length
}

/** PostgreSQL only: some session of this database is waiting for a row lock. */
async function someoneWaitsForALock() {
  const result = await suite.app.db.execute(
    sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
  )
  const rows = (result as unknown as { rows: Array<{ n: number }> }).rows
  return Number(rows[0]?.n ?? 0) > 0
}

test('the "refunded" notice arriving while the seller refunds: the refund is in the ledger once', async () => {
  const { order, paymentId } = await paidWithMercadoPago()
  const onPostgres = suite.app.database.driver === 'postgres'

  const hold = suite.mp.holdNextRefund()
  const sellerRefund = refund(order._id)
  // Mercado Pago has made the refund (the payment reads "refunded"); the seller's transaction,
  // holding the order's row, waits for its answer.
  await hold.reached
  const read = suite.mp.nextRead(paymentId)
  const notice = webhook(order._id, paymentId)
  if (onPostgres) {
    // The webhook read the order and the refunded payment, then queued on the order's lock.
    await read
    for (let i = 0; i < 600 && !(await someoneWaitsForALock()); i++)
      await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await someoneWaitsForALock()).toBe(true)
  }
  hold.release()
  const [refunded, notified] = await Promise.all([sellerRefund, notice])
  expect(refunded.statusCode, refunded.body).toBe(200)
  expect(notified.statusCode, notified.body).toBe(200)

  const rows = await refundRows(order._id)
  expect(rows).toHaveLength(1)
  const made = suite.mp.refunds.get(paymentId)!
  expect(made).toHaveLength(1)
  expect(rows[0]).toMatchObject({
    reference: `mp:${made[0]!.id}`,
    amount: order.total,
    providerPaymentId: paymentId,
  })
  const [row] = await suite.app.db
    .select({ refundedAmount: orders.refundedAmount, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, order._id))
  expect(row).toEqual({ refundedAmount: order.total, paymentStatus: 'refunded' })
  expect(await refundEvents(order._id)).toBe(1)
})

test('a refund made in Mercado Pago’s panel is recorded by its id, once, beside the seller’s', async () => {
  const { order, paymentId } = await paidWithMercadoPago()
  const part = 100_000
  expect((await refund(order._id, { amount: part })).statusCode).toBe(200)
  const [sellerRow] = await refundRows(order._id)

  // The rest, refunded in Mercado Pago's panel: the payment is now "refunded".
  const panelRefund = { id: 7_000_001, amount: (order.total - part) / 100 }
  suite.mp.refunds.get(paymentId)!.push(panelRefund)
  suite.mp.payments.get(paymentId)!.status = 'refunded'
  const notices = await Promise.all([webhook(order._id, paymentId), webhook(order._id, paymentId)])
  for (const n of notices) expect(n.statusCode).toBe(200)

  const rows = await refundRows(order._id)
  expect(rows.map((r) => [r.reference, r.amount]).sort()).toEqual(
    [
      [sellerRow!.reference, part],
      [`mp:${panelRefund.id}`, order.total - part],
    ].sort(),
  )
  expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(order.total)
  expect(await refundEvents(order._id)).toBe(2)
})
