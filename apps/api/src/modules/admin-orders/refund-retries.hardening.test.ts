import { and, eq, like, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { orderEvents } from '../../db/schema/ordering.ts'
import { outbox } from '../../db/schema/outbox.ts'
import { paymentTransactions } from '../../db/schema/payments.ts'
import { refundIdempotencyKey } from '../../integrations/mercado-pago.ts'
import { confirmOrder, customerWithAddress, shopForCheckout } from '../../../test/factories.ts'
import { cashAndMercadoPago, withFakeMercadoPago } from '../../../test/mercado-pago-orders.ts'
import { refundFingerprint } from './admin-orders.service.ts'

/**
 * Issue 22: a refund whose answer the client lost and retries was applied twice. With an
 * `Idempotency-Key`, POST /admin/orders/{id}/refund refunds once per key, like POST /admin/orders
 * (one implementation, `idempotency.ts`); Mercado Pago gets a key derived from ours. On PGlite the
 * concurrent requests serialise; on PostgreSQL (TEST_DATABASE_URL) they queue on the order's lock
 * and the key.
 */
const TOKEN = 'APP_USR-refund-retries-000000'
const SECRET = 'refund-retries-webhook-secret'
const suite = withFakeMercadoPago({ accessToken: TOKEN, webhookSecret: SECRET })

let shop: Awaited<ReturnType<typeof shopForCheckout>>
beforeAll(async () => {
  shop = await shopForCheckout(suite.app, { stock: 500, methods: cashAndMercadoPago(TOKEN) })
})

type Order = { _id: string; total: number; refundedAmount: number; paymentStatus: string }

const refund = (orderId: string, payload: object | undefined, key: string | null) =>
  suite.app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders/${orderId}/refund`,
    headers: { ...shop.seller.headers, ...(key !== null ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  })

/** 2 medialunas ($ 6.000 each), pickup, paid: $ 12.000. */
async function paidOrder(paymentMethod: 'cash' | 'mercado_pago' = 'cash') {
  const customer = await customerWithAddress(suite.app)
  const { response } = await confirmOrder(
    suite.app,
    customer,
    [{ variantId: shop.manteca._id, quantity: 2 }],
    { deliveryType: 'pickup', paymentMethod },
  )
  expect(response.statusCode, response.body).toBe(200)
  const order = response.json().order as Order
  if (paymentMethod === 'cash') {
    const paid = await suite.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order._id}/mark-as-paid`,
      headers: shop.seller.headers,
    })
    expect(paid.statusCode).toBe(200)
    return { order, paymentId: null }
  }
  const paymentId = String(Math.floor(Math.random() * 1e9))
  suite.mp.payments.set(paymentId, {
    status: 'approved',
    transaction_amount: order.total / 100,
    external_reference: order._id,
  })
  const n = suite.mp.signedNotification(paymentId)
  const res = await suite.app.inject({
    method: 'POST',
    url: `/api/v1/payments/mercadopago/webhook?orderId=${order._id}&${n.query}`,
    headers: n.headers,
    payload: n.payload,
  })
  expect(res.statusCode).toBe(200)
  return { order, paymentId }
}

/** What one order's refunds left behind: ledger rows, timeline entries and e-mails. */
async function traces(orderId: string, number: number) {
  const db = suite.app.db
  const count = async (q: Promise<Array<{ n: number }>>) => (await q)[0]!.n
  return {
    ledger: await count(
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(paymentTransactions)
        .where(
          and(eq(paymentTransactions.orderId, orderId), eq(paymentTransactions.kind, 'refund')),
        ),
    ),
    timeline: await count(
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, 'PAYMENT_REFUNDED'))),
    ),
    emails: await count(
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(outbox)
        .where(
          and(
            eq(outbox.kind, 'email'),
            like(sql`${outbox.payload}->>'subject'`, `%pedido #${number}%`),
            like(sql`${outbox.payload}->>'subject'`, 'Te reembolsamos%'),
          ),
        ),
    ),
  }
}

async function orderNow(orderId: string) {
  return (
    await suite.app.inject({
      method: 'GET',
      url: `/api/v1/admin/orders/${orderId}`,
      headers: shop.seller.headers,
    })
  ).json() as Order & { number: number }
}

describe('POST /admin/orders/{id}/refund with an Idempotency-Key', () => {
  test('the same key twice: one refund; the retry answers the order and changes nothing', async () => {
    const { order } = await paidOrder()
    const key = 'refund-3f1c2a9e-6a1d-4b7e-9a3c-0d2e1f4a5b6c'
    const first = await refund(order._id, { amount: 50000 }, key)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    expect(first.json()).toMatchObject({
      paymentStatus: 'partially_refunded',
      refundedAmount: 50000,
    })

    const again = await refund(order._id, { amount: 50000 }, key)
    expect(again.statusCode, again.body).toBe(200)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toMatchObject({ _id: order._id, refundedAmount: 50000 })

    const now = await orderNow(order._id)
    expect(now.refundedAmount).toBe(50000)
    expect(await traces(order._id, now.number)).toEqual({ ledger: 1, timeline: 1, emails: 1 })
  })

  test('the same key sent four times at once: one refund', async () => {
    const { order } = await paidOrder()
    const results = await Promise.all(
      Array.from({ length: 4 }, () => refund(order._id, { amount: 30000 }, 'refund-at-once')),
    )
    for (const r of results) expect(r.statusCode, r.body).toBe(200)
    expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(3)
    const now = await orderNow(order._id)
    expect(now.refundedAmount).toBe(30000)
    expect(await traces(order._id, now.number)).toEqual({ ledger: 1, timeline: 1, emails: 1 })
  })

  test('different keys are different refunds', async () => {
    const { order } = await paidOrder()
    expect((await refund(order._id, { amount: 20000 }, 'refund-one')).statusCode).toBe(200)
    const second = await refund(order._id, { amount: 20000 }, 'refund-two')
    expect(second.statusCode).toBe(200)
    expect(second.headers['idempotent-replayed']).toBeUndefined()
    expect(second.json().refundedAmount).toBe(40000)
    const now = await orderNow(order._id)
    expect(await traces(order._id, now.number)).toEqual({ ledger: 2, timeline: 2, emails: 2 })
  })

  test('the key with another body, or for another order, is 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const { order } = await paidOrder()
    const { order: other } = await paidOrder()
    const key = 'refund-reused'
    expect((await refund(order._id, { amount: 10000 }, key)).statusCode).toBe(200)
    for (const [id, body] of [
      [order._id, { amount: 20000 }],
      [order._id, undefined],
      [other._id, { amount: 10000 }],
    ] as const) {
      const res = await refund(id, body, key)
      expect(res.statusCode, res.body).toBe(422)
      expect(res.json()).toMatchObject({
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: expect.stringMatching(/reembolso ya se hizo con otros datos/),
        errors: [{ name: 'Idempotency-Key' }],
      })
    }
    expect((await orderNow(order._id)).refundedAmount).toBe(10000)
    expect((await orderNow(other._id)).refundedAmount).toBe(0)
    // Keys are the store's and shared with POST /admin/orders: one that made an order is reused.
    const customer = await suite.app.inject({
      method: 'POST',
      url: '/api/v1/admin/customers',
      headers: shop.seller.headers,
      payload: { firstName: 'Rosa', lastName: 'Paz', phone: '11 4444-7777', email: null },
    })
    const placed = await suite.app.inject({
      method: 'POST',
      url: '/api/v1/admin/orders',
      headers: { ...shop.seller.headers, 'idempotency-key': 'form-then-refund' },
      payload: {
        customerId: customer.json()._id,
        items: [{ variantId: shop.grasa._id, quantity: 1 }],
        deliveryType: 'pickup',
        paymentMethod: 'cash',
        paid: true,
      },
    })
    expect(placed.statusCode, placed.body).toBe(201)
    const crossed = await refund(placed.json()._id, undefined, 'form-then-refund')
    expect(crossed.statusCode).toBe(422)
    expect(crossed.json().code).toBe('IDEMPOTENCY_KEY_REUSED')
  })

  test('a refused refund leaves the key free for the corrected one; a malformed key is a field error', async () => {
    const { order } = await paidOrder()
    const key = 'refund-after-error'
    const tooMuch = await refund(order._id, { amount: order.total + 1 }, key)
    expect(tooMuch.statusCode).toBe(409)
    const fixed = await refund(order._id, { amount: 1000 }, key)
    expect(fixed.statusCode, fixed.body).toBe(200)
    expect(fixed.headers['idempotent-replayed']).toBeUndefined()
    expect(fixed.json().refundedAmount).toBe(1000)

    const bad = await refund(order._id, { amount: 1000 }, 'con espacios')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({
      code: 'INVALID',
      errors: [{ name: 'Idempotency-Key', message: expect.stringMatching(/caracteres visibles/) }],
    })
  })

  test('without a key nothing changes: each request is a refund of its own', async () => {
    const { order } = await paidOrder()
    expect((await refund(order._id, { amount: 1000 }, null)).statusCode).toBe(200)
    expect((await refund(order._id, { amount: 1000 }, null)).json().refundedAmount).toBe(2000)
  })
})

describe('Mercado Pago refunds with an Idempotency-Key', () => {
  test('Mercado Pago gets a key derived from ours; a retry makes no second call', async () => {
    const { order, paymentId } = await paidOrder('mercado_pago')
    const key = 'refund-mp-1'
    const res = await refund(order._id, { amount: 40000 }, key)
    expect(res.statusCode, res.body).toBe(200)
    const calls = () => suite.mp.refundCalls.filter((c) => c.paymentId === paymentId)
    const derived = refundIdempotencyKey({
      storeId: shop.seller.store._id,
      orderId: order._id,
      key,
      fingerprint: refundFingerprint(order._id, { kind: 'amount', amount: 40000 }),
    })
    expect(derived).toMatch(/^[0-9a-f]{64}$/)
    expect(calls()).toEqual([{ paymentId, amount: 400, idempotencyKey: derived }])

    const again = await refund(order._id, { amount: 40000 }, key)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(calls()).toHaveLength(1)
    expect(suite.mp.refunds.get(paymentId!)).toHaveLength(1)
  })

  test('an answer Mercado Pago made but we never heard: the retry gets that same refund', async () => {
    const { order, paymentId } = await paidOrder('mercado_pago')
    const key = 'refund-mp-lost'
    suite.mp.loseNextRefundAnswer()
    const lost = await refund(order._id, { amount: 25000 }, key)
    expect(lost.statusCode).toBe(504)
    // Mercado Pago refunded; we rolled back and know nothing of it.
    expect(suite.mp.refunds.get(paymentId!)).toHaveLength(1)
    expect((await orderNow(order._id)).refundedAmount).toBe(0)

    const retry = await refund(order._id, { amount: 25000 }, key)
    expect(retry.statusCode, retry.body).toBe(200)
    expect(retry.json().refundedAmount).toBe(25000)
    const made = suite.mp.refunds.get(paymentId!)!
    expect(made).toHaveLength(1)
    const calls = suite.mp.refundCalls.filter((c) => c.paymentId === paymentId)
    expect(calls).toHaveLength(2)
    expect(calls[1]!.idempotencyKey).toBe(calls[0]!.idempotencyKey)
    const ledger = await suite.app.db
      .select()
      .from(paymentTransactions)
      .where(
        and(eq(paymentTransactions.orderId, order._id), eq(paymentTransactions.kind, 'refund')),
      )
    expect(ledger.map((r) => [r.reference, r.amount])).toEqual([[`mp:${made[0]!.id}`, 25000]])
  })
})
