import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { paymentTransactions } from '../../db/schema/payments.ts'
import {
  confirmOrder,
  customerWithAddress,
  lastEmailTo,
  shopForCheckout,
} from '../../../test/factories.ts'
import { cashAndMercadoPago, withFakeMercadoPago } from '../../../test/mercado-pago-orders.ts'

/**
 * Partial fulfilment and partial refunds through the seller's API (decision 025), on PGlite or
 * PostgreSQL (TEST_DATABASE_URL), with Mercado Pago refunds against the loopback fake.
 */
const TOKEN = 'APP_USR-partial-0000000000'
const SECRET = 'partial-webhook-secret'
const suite = withFakeMercadoPago({ accessToken: TOKEN, webhookSecret: SECRET })

let shop: Awaited<ReturnType<typeof shopForCheckout>>
beforeAll(async () => {
  shop = await shopForCheckout(suite.app, {
    stock: 100,
    methods: cashAndMercadoPago(TOKEN),
  })
})

type Item = {
  _id: string
  variantId: string
  quantity: number
  fulfilledQuantity: number
  refundedQuantity: number
  unitPrice: number
}
type Order = {
  _id: string
  number: number
  total: number
  refundedAmount: number
  status: string
  paymentStatus: string
  fulfillmentStatus: string
  items: Item[]
  fulfillments: Array<{
    _id: string
    status: string
    reason: string | null
    items: Array<{ itemId: string; quantity: number }>
    events: Array<{ type: string }>
  }>
  timeline: Array<{ type: string; note: string | null }>
  actions: Record<string, unknown> & {
    refundableAmount: number
    fulfillments: Array<{
      fulfillmentId: string
      nextEvents: Array<{ value: string }>
      canCancel: boolean
    }>
  }
}

const post = (url: string, payload?: object) =>
  suite.app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders${url}`,
    headers: shop.seller.headers,
    ...(payload ? { payload } : {}),
  })
const stockOf = async (variantId: string) => {
  const product = (
    await suite.app.inject({
      method: 'GET',
      url: `/api/v1/admin/products/${shop.product._id}`,
      headers: shop.seller.headers,
    })
  ).json() as { variants: Array<{ _id: string; stock: number }> }
  return product.variants.find((v) => v._id === variantId)!.stock
}

/** 3 manteca ($ 6.000 each) + 2 grasa ($ 5.000 each), pickup: total $ 28.000. */
async function placeOrder(paymentMethod: 'cash' | 'mercado_pago' = 'cash') {
  const customer = await customerWithAddress(suite.app)
  const { response } = await confirmOrder(
    suite.app,
    customer,
    [
      { variantId: shop.manteca._id, quantity: 3 },
      { variantId: shop.grasa._id, quantity: 2 },
    ],
    { deliveryType: 'pickup', paymentMethod },
  )
  if (response.statusCode !== 200) throw new Error(`confirm: ${response.body}`)
  const order = response.json().order as Order
  const item = (variantId: string) => order.items.find((i) => i.variantId === variantId)!
  return { customer, order, manteca: item(shop.manteca._id), grasa: item(shop.grasa._id) }
}

async function paidCash() {
  const placed = await placeOrder('cash')
  expect((await post(`/${placed.order._id}/mark-as-paid`)).statusCode).toBe(200)
  return placed
}

let mpPaymentIds = 81_000
async function paidWithMercadoPago() {
  const placed = await placeOrder('mercado_pago')
  const id = String(mpPaymentIds++)
  suite.mp.payments.set(id, {
    status: 'approved',
    transaction_amount: placed.order.total / 100,
    external_reference: placed.order._id,
  })
  const n = suite.mp.signedNotification(id)
  const res = await suite.app.inject({
    method: 'POST',
    url: `/api/v1/payments/mercadopago/webhook?orderId=${placed.order._id}&${n.query}`,
    headers: n.headers,
    payload: n.payload,
  })
  expect(res.statusCode).toBe(200)
  return { ...placed, paymentId: id }
}

describe('partial fulfilment', () => {
  test('fulfilling some units leaves the order partially fulfilled until every line is in a fulfilment', async () => {
    const { order, manteca, grasa } = await placeOrder()
    const first = await post(`/${order._id}/fulfill`, {
      items: [{ itemId: manteca._id, quantity: 2 }],
    })
    expect(first.statusCode).toBe(200)
    const o1 = first.json() as Order
    expect(o1).toMatchObject({ fulfillmentStatus: 'partially_fulfilled', status: 'open' })
    expect(o1.items.find((i) => i._id === manteca._id)).toMatchObject({ fulfilledQuantity: 2 })
    expect(o1.fulfillments).toHaveLength(1)
    expect(o1.fulfillments[0]).toMatchObject({
      status: 'preparing',
      items: [{ itemId: manteca._id, quantity: 2 }],
    })
    expect(o1.actions).toMatchObject({ canFulfill: true, canComplete: false })

    // Everything still to fulfil: 1 manteca and 2 grasa.
    const second = (await post(`/${order._id}/fulfill`)).json() as Order
    expect(second.fulfillments).toHaveLength(2)
    expect(second.fulfillments[1]!.items).toEqual(
      expect.arrayContaining([
        { itemId: manteca._id, quantity: 1 },
        { itemId: grasa._id, quantity: 2 },
      ]),
    )
    expect(second).toMatchObject({ fulfillmentStatus: 'in_progress', status: 'open' })
    expect(second.actions.canFulfill).toBe(false)
    const nothing = await post(`/${order._id}/fulfill`)
    expect(nothing.statusCode).toBe(409)
    expect(nothing.json().message).toMatch(/No queda nada por preparar/)
  })

  test('each fulfilment moves on by itself and the order rolls up; picking both up completes it', async () => {
    const { order, manteca, grasa } = await placeOrder()
    const a = (
      (
        await post(`/${order._id}/fulfill`, { items: [{ itemId: manteca._id, quantity: 3 }] })
      ).json() as Order
    ).fulfillments[0]!
    const b = (
      (
        await post(`/${order._id}/fulfill`, { items: [{ itemId: grasa._id, quantity: 2 }] })
      ).json() as Order
    ).fulfillments[1]!

    const readyB = (
      await post(`/${order._id}/fulfillment-event`, {
        newEvent: 'ready_for_pickup',
        fulfillmentId: b._id,
      })
    ).json() as Order
    expect(readyB.fulfillments.map((f) => f.status)).toEqual(['preparing', 'ready_for_pickup'])
    expect(readyB).toMatchObject({ fulfillmentStatus: 'in_progress', status: 'open' })
    expect(readyB.fulfillments[1]!.events.map((e) => e.type)).toEqual([
      'FULFILLMENT_CREATED',
      'PREPARING',
      'READY_FOR_PICKUP',
    ])
    expect(readyB.actions.fulfillments).toEqual([
      {
        fulfillmentId: a._id,
        nextEvents: expect.arrayContaining([
          expect.objectContaining({ value: 'ready_for_pickup' }),
        ]),
        canCancel: true,
      },
      {
        fulfillmentId: b._id,
        nextEvents: [expect.objectContaining({ value: 'picked_up' })],
        canCancel: true,
      },
    ])

    // An event that does not follow this fulfilment's status is refused.
    const skip = await post(`/${order._id}/fulfillment-event`, {
      newEvent: 'ready_for_pickup',
      fulfillmentId: b._id,
    })
    expect(skip.statusCode).toBe(409)

    const pickedB = (
      await post(`/${order._id}/fulfillment-event`, { newEvent: 'picked_up', fulfillmentId: b._id })
    ).json() as Order
    expect(pickedB).toMatchObject({ fulfillmentStatus: 'in_progress', status: 'open' })
    await post(`/${order._id}/fulfillment-event`, {
      newEvent: 'ready_for_pickup',
      fulfillmentId: a._id,
    })
    const done = (
      await post(`/${order._id}/fulfillment-event`, { newEvent: 'picked_up', fulfillmentId: a._id })
    ).json() as Order
    expect(done).toMatchObject({ fulfillmentStatus: 'delivered', status: 'completed' })
  })

  test('cancelling a fulfilment (default reason) gives its units back to "to fulfil"', async () => {
    const { order, manteca } = await placeOrder()
    const started = (
      await post(`/${order._id}/fulfill`, { items: [{ itemId: manteca._id, quantity: 1 }] })
    ).json() as Order
    const fid = started.fulfillments[0]!._id
    const cancelled = await post(`/${order._id}/fulfillment/${fid}/cancel`)
    expect(cancelled.statusCode).toBe(200)
    const o = cancelled.json() as Order
    expect(o.fulfillments[0]).toMatchObject({ status: 'cancelled', reason: 'Cancelled by admin' })
    expect(o.items.find((i) => i._id === manteca._id)!.fulfilledQuantity).toBe(0)
    expect(o).toMatchObject({ fulfillmentStatus: 'unfulfilled', status: 'open' })
    expect(o.timeline.at(-1)).toMatchObject({
      type: 'FULFILLMENT_CANCELLED',
      note: 'Cancelled by admin',
    })
    // With a reason, on another fulfilment.
    const again = (
      await post(`/${order._id}/fulfill`, { items: [{ itemId: manteca._id, quantity: 3 }] })
    ).json() as Order
    const other = again.fulfillments[1]!._id
    const why = (
      await post(`/${order._id}/fulfillment/${other}/cancel`, { reason: 'Se rompió el paquete' })
    ).json() as Order
    expect(why.fulfillments[1]).toMatchObject({
      status: 'cancelled',
      reason: 'Se rompió el paquete',
    })
    expect((await post(`/${order._id}/fulfillment/${other}/cancel`)).statusCode).toBe(409)
  })

  test('over-fulfilling, unknown items and zero quantities are Spanish field errors', async () => {
    const { order, manteca } = await placeOrder()
    const over = await post(`/${order._id}/fulfill`, {
      items: [{ itemId: manteca._id, quantity: 4 }],
    })
    expect(over.statusCode).toBe(409)
    expect(over.json()).toMatchObject({
      code: 'CONFLICT',
      errors: [
        { name: 'items.0.quantity', message: expect.stringMatching(/quedan 3 por preparar/) },
      ],
    })
    const unknown = await post(`/${order._id}/fulfill`, {
      items: [{ itemId: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({ code: 'INVALID', errors: [{ name: 'items.0.itemId' }] })
    const zero = await post(`/${order._id}/fulfill`, {
      items: [{ itemId: manteca._id, quantity: 0 }],
    })
    expect(zero.statusCode).toBe(400)
    expect(zero.json().errors[0]).toMatchObject({
      message: 'La cantidad tiene que ser al menos 1.',
    })
    const fresh = (
      await suite.app.inject({
        method: 'GET',
        url: `/api/v1/admin/orders/${order._id}`,
        headers: shop.seller.headers,
      })
    ).json() as Order
    expect(fresh.fulfillments).toEqual([])
  })
})

describe('partial refunds', () => {
  test('by lines with restock, then by amount, then the rest: statuses, stock, ledger, timeline, e-mail', async () => {
    const { order, manteca, customer } = await paidCash()
    const before = await stockOf(shop.manteca._id)

    const byLines = await post(`/${order._id}/refund`, {
      items: [{ itemId: manteca._id, quantity: 2 }],
      restock: true,
    })
    expect(byLines.statusCode).toBe(200)
    const o1 = byLines.json() as Order
    expect(o1).toMatchObject({ paymentStatus: 'partially_refunded', refundedAmount: 1200000 })
    expect(o1.items.find((i) => i._id === manteca._id)!.refundedQuantity).toBe(2)
    expect(o1.actions.refundableAmount).toBe(order.total - 1200000)
    expect(await stockOf(shop.manteca._id)).toBe(before + 2)
    expect(o1.timeline.at(-1)).toMatchObject({
      type: 'PAYMENT_REFUNDED',
      note: expect.stringContaining('2 × '),
    })
    const mail = await lastEmailTo(suite.app, customer.data.email)
    expect(mail?.subject).toMatch(
      new RegExp(`^Te reembolsamos \\$\\s12\\.000 del pedido #${order.number}$`),
    )
    expect(mail?.text).toMatch(/En total te reembolsamos \$\s12\.000 de \$\s28\.000/)

    const byAmount = (await post(`/${order._id}/refund`, { amount: 50050 })).json() as Order
    expect(byAmount).toMatchObject({ paymentStatus: 'partially_refunded', refundedAmount: 1250050 })

    const tooMuch = await post(`/${order._id}/refund`, { amount: order.total })
    expect(tooMuch.statusCode).toBe(409)
    expect(tooMuch.json()).toMatchObject({ code: 'CONFLICT', errors: [{ name: 'amount' }] })
    expect(tooMuch.json().message).toMatch(/Podés reembolsar hasta \$\s?15\.499,5/)

    const rest = (await post(`/${order._id}/refund`)).json() as Order
    expect(rest).toMatchObject({ paymentStatus: 'refunded', refundedAmount: order.total })
    expect(rest.actions).toMatchObject({ canRefund: false, refundableAmount: 0 })
    expect((await post(`/${order._id}/refund`)).statusCode).toBe(409)

    const ledger = await suite.app.db
      .select()
      .from(paymentTransactions)
      .where(
        and(eq(paymentTransactions.orderId, order._id), eq(paymentTransactions.kind, 'refund')),
      )
    expect(ledger.map((r) => r.amount).sort((a, b) => a - b)).toEqual(
      [50050, 1200000, order.total - 1250050].sort((a, b) => a - b),
    )
    expect(ledger.reduce((s, r) => s + r.amount, 0)).toBe(order.total)

    // The customer sees it too.
    const mine = await suite.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order._id}`,
      headers: customer.headers,
    })
    expect(mine.json()).toMatchObject({ paymentStatus: 'refunded', refundedAmount: order.total })
  })

  test('refunded units need no fulfilment; cancelling later does not release restocked units twice', async () => {
    const { order, manteca, grasa } = await paidCash()
    const before = await stockOf(shop.grasa._id)
    await post(`/${order._id}/refund`, {
      items: [{ itemId: grasa._id, quantity: 2 }],
      restock: true,
    })
    expect(await stockOf(shop.grasa._id)).toBe(before + 2)
    const started = (await post(`/${order._id}/fulfill`)).json() as Order
    expect(started.fulfillments[0]!.items).toEqual([{ itemId: manteca._id, quantity: 3 }])
    expect(started.fulfillmentStatus).toBe('in_progress')
    const cancelled = await suite.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/orders/${order._id}`,
      headers: shop.seller.headers,
      payload: { status: 'cancelled' },
    })
    expect(cancelled.statusCode).toBe(200)
    expect(await stockOf(shop.grasa._id)).toBe(before + 2)
  })

  test('bad refund bodies are 400 with Spanish messages; unpaid orders cannot be refunded', async () => {
    const { order, manteca } = await placeOrder()
    expect((await post(`/${order._id}/refund`)).json()).toMatchObject({
      code: 'CONFLICT',
      message: 'Solo se puede reembolsar un pedido pagado.',
    })
    const both = await post(`/${order._id}/refund`, {
      amount: 100,
      items: [{ itemId: manteca._id, quantity: 1 }],
    })
    expect(both.statusCode).toBe(400)
    expect(both.json().errors[0].message).toMatch(/por productos o por monto/)
    const zero = await post(`/${order._id}/refund`, { amount: 0 })
    expect(zero.statusCode).toBe(400)
    expect(zero.json().errors[0].message).toBe('El monto tiene que ser mayor que cero.')
  })

  test('Mercado Pago: partial refunds go through its API with an idempotency key, then the rest', async () => {
    const { order, manteca, paymentId } = await paidWithMercadoPago()
    const calls = () => suite.mp.refundCalls.filter((c) => c.paymentId === paymentId)

    const part = await post(`/${order._id}/refund`, {
      items: [{ itemId: manteca._id, quantity: 1 }],
      restock: false,
    })
    expect(part.statusCode).toBe(200)
    expect(part.json()).toMatchObject({
      paymentStatus: 'partially_refunded',
      refundedAmount: 600000,
    })
    expect(calls()).toEqual([
      { paymentId, amount: 6000, idempotencyKey: `refund-${order._id}-0-600000` },
    ])
    expect(part.json().timeline.at(-1).note).toMatch(/Mercado Pago/)

    const rest = await post(`/${order._id}/refund`)
    expect(rest.json()).toMatchObject({ paymentStatus: 'refunded', refundedAmount: order.total })
    expect(calls().map((c) => c.amount)).toEqual([6000, (order.total - 600000) / 100])
    expect(suite.mp.payments.get(paymentId)!.status).toBe('refunded')

    const ledger = await suite.app.db
      .select()
      .from(paymentTransactions)
      .where(
        and(eq(paymentTransactions.orderId, order._id), eq(paymentTransactions.kind, 'refund')),
      )
    expect(ledger).toHaveLength(2)
    expect(
      ledger.every((r) => r.reference.startsWith('mp:') && r.providerPaymentId === paymentId),
    ).toBe(true)

    // Mercado Pago then notifies "refunded": nothing is counted twice.
    const n = suite.mp.signedNotification(paymentId)
    await suite.app.inject({
      method: 'POST',
      url: `/api/v1/payments/mercadopago/webhook?orderId=${order._id}&${n.query}`,
      headers: n.headers,
      payload: n.payload,
    })
    const after = await suite.app.db
      .select()
      .from(paymentTransactions)
      .where(
        and(eq(paymentTransactions.orderId, order._id), eq(paymentTransactions.kind, 'refund')),
      )
    expect(after.reduce((s, r) => s + r.amount, 0)).toBe(order.total)
  })

  test('Mercado Pago refusing the refund changes nothing here', async () => {
    const { order, paymentId } = await paidWithMercadoPago()
    // Refunded in Mercado Pago's panel meanwhile: its API refuses more.
    suite.mp.payments.get(paymentId)!.status = 'refunded'
    const res = await post(`/${order._id}/refund`, { amount: 1000 })
    expect(res.statusCode).toBe(422)
    expect(res.json().message).toMatch(/Mercado Pago no aceptó el reembolso/)
    const o = (
      await suite.app.inject({
        method: 'GET',
        url: `/api/v1/admin/orders/${order._id}`,
        headers: shop.seller.headers,
      })
    ).json() as Order
    expect(o).toMatchObject({ paymentStatus: 'paid', refundedAmount: 0 })
  })
})
