import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { orders } from '../../db/schema/ordering.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  customerWithAddress,
  lastEmailTo,
  readyToConfirm,
  shopForCheckout,
  signedInCustomer,
  signedInSeller,
} from '../../../test/factories.ts'

let app: TestApp
let shop: Awaited<ReturnType<typeof shopForCheckout>>
beforeAll(async () => {
  app = await buildTestApp({ PUBLIC_URL: 'https://barrio.example' })
  shop = await shopForCheckout(app, { stock: 1000 })
})
afterAll(async () => {
  await app.close()
})

type Customer = Awaited<ReturnType<typeof customerWithAddress>>
type Choice = {
  deliveryType: 'pickup' | 'delivery'
  paymentMethod: 'cash' | 'bank_transfer'
  note?: string
}

/** A customer places an order at the shop; answers the customer and the order as they see it. */
async function placeOrder(
  choice: Choice = { deliveryType: 'pickup', paymentMethod: 'cash' },
  items = [{ variantId: shop.manteca._id, quantity: 2 }],
  c?: Customer,
) {
  const customer = c ?? (await customerWithAddress(app))
  const checkoutId = await readyToConfirm(app, customer, items, choice)
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/checkout/${checkoutId}/confirm`,
    headers: customer.headers,
  })
  if (res.statusCode !== 200) throw new Error(`confirm: ${res.body}`)
  return { customer, order: res.json().order as { _id: string; number: number; total: number } }
}

const headers = (): Record<string, string> => shop.seller.headers
const get = (url: string, h: Record<string, string> = headers()) =>
  app.inject({ method: 'GET', url: `/api/v1/admin/orders${url}`, headers: h })
const post = (url: string, payload?: object, h: Record<string, string> = headers()) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders${url}`,
    headers: h,
    ...(payload ? { payload } : {}),
  })
const put = (url: string, payload: object, h: Record<string, string> = headers()) =>
  app.inject({ method: 'PUT', url: `/api/v1/admin/orders${url}`, headers: h, payload })
const types = (order: { timeline: Array<{ type: string }> }) => order.timeline.map((e) => e.type)
const stockOf = async (variantId: string) => {
  const product = (
    await app.inject({
      method: 'GET',
      url: `/api/v1/admin/products/${shop.product._id}`,
      headers: headers(),
    })
  ).json() as { variants: Array<{ _id: string; stock: number }> }
  return product.variants.find((v) => v._id === variantId)!.stock
}

describe('list and detail', () => {
  test('the list is the store’s orders, newest first, 25 a page, with Spanish labels', async () => {
    const first = await placeOrder()
    const second = await placeOrder({ deliveryType: 'delivery', paymentMethod: 'bank_transfer' })
    const res = await get('')
    expect(res.statusCode).toBe(200)
    const page = res.json()
    expect(page).toMatchObject({ page: 1, limit: 25 })
    const ids = page.docs.map((d: { _id: string }) => d._id)
    expect(ids.indexOf(second.order._id)).toBeLessThan(ids.indexOf(first.order._id))
    expect(page.docs.find((d: { _id: string }) => d._id === second.order._id)).toMatchObject({
      number: second.order.number,
      customer: { name: 'Lucía Fernández', email: second.customer.data.email },
      itemCount: 2,
      total: second.order.total,
      status: 'open',
      statusLabel: 'En proceso',
      paymentStatus: 'pending',
      paymentStatusLabel: 'Pendiente',
      deliveryType: 'delivery',
      deliveryTypeLabel: 'Entrega a domicilio',
      paymentMethodLabel: 'Transferencia bancaria',
    })
    const oldest = (await get('?sort=createdAt&limit=100')).json().docs
    expect(oldest.map((d: { _id: string }) => d._id).indexOf(first.order._id)).toBeLessThan(
      oldest.map((d: { _id: string }) => d._id).indexOf(second.order._id),
    )
    const byTotal = (await get('?sort=-total&limit=100'))
      .json()
      .docs.map((d: { total: number }) => d.total)
    expect(byTotal).toEqual([...byTotal].sort((a, b) => b - a))
    expect((await get('?sort=email')).statusCode).toBe(400)
    const paged = (await get('?limit=1&page=2')).json()
    expect(paged).toMatchObject({ page: 2, limit: 1, hasPrevPage: true })
    expect(paged.docs).toHaveLength(1)
  })

  test('the detail has items, totals, contact, address, timeline and what can be done', async () => {
    const { order, customer } = await placeOrder({
      deliveryType: 'delivery',
      paymentMethod: 'cash',
    })
    const res = await get(`/${order._id}`)
    expect(res.statusCode).toBe(200)
    const detail = res.json()
    expect(detail).toMatchObject({
      _id: order._id,
      buyerUserId: customer.user._id,
      contact: { email: customer.data.email, firstName: 'Lucía' },
      shippingAddress: { formattedAddress: expect.stringContaining('Costa Rica 5500') },
      items: [{ variantId: shop.manteca._id, quantity: 2, unitPrice: 600000, lineTotal: 1200000 }],
      subtotal: 1200000,
      timeline: [{ type: 'ORDER_PLACED', label: 'Pedido recibido' }],
      actions: {
        canMarkAsPaid: true,
        canRefund: false,
        canFulfill: true,
        canCancel: true,
        canComplete: false,
        canArchive: false,
        activeFulfillmentId: null,
        nextEvents: [{ value: 'preparing', label: 'En preparación' }],
      },
    })
    // The buyer's account is `buyerUserId`; `customerId` only ever names a store customer.
    expect(detail).not.toHaveProperty('customerId')
    expect(detail.total).toBe(detail.subtotal + detail.deliveryFee + detail.taxes)
  })
})

describe('the JSON filter', () => {
  let mine: { pickupCash: string; deliveryTransfer: string; number: number; email: string }
  beforeAll(async () => {
    const a = await placeOrder({ deliveryType: 'pickup', paymentMethod: 'cash' })
    const b = await placeOrder({ deliveryType: 'delivery', paymentMethod: 'bank_transfer' })
    await post(`/${a.order._id}/mark-as-paid`)
    mine = {
      pickupCash: a.order._id,
      deliveryTransfer: b.order._id,
      number: b.order.number,
      email: b.customer.data.email,
    }
  })
  const list = async (query: object | string) => {
    const q = typeof query === 'string' ? query : JSON.stringify(query)
    return get(`?limit=100&query=${encodeURIComponent(q)}`)
  }
  const idsOf = async (query: object) => {
    const res = await list(query)
    expect(res.statusCode).toBe(200)
    return res.json().docs.map((d: { _id: string }) => d._id) as string[]
  }

  test('status, payment, delivery type, search and dates narrow the list', async () => {
    const paid = await idsOf({ paymentStatus: 'paid' })
    expect(paid).toContain(mine.pickupCash)
    expect(paid).not.toContain(mine.deliveryTransfer)
    const delivery = await idsOf({ deliveryType: { $eq: 'delivery' } })
    expect(delivery).toContain(mine.deliveryTransfer)
    expect(delivery).not.toContain(mine.pickupCash)
    expect(await idsOf({ status: { $in: ['open', 'fulfilled'] } })).toContain(mine.pickupCash)
    expect(await idsOf({ status: 'cancelled' })).not.toContain(mine.pickupCash)
    expect(await idsOf({ search: `#${mine.number}` })).toEqual([mine.deliveryTransfer])
    expect(await idsOf({ search: { $contains: mine.email.toUpperCase() } })).toEqual([
      mine.deliveryTransfer,
    ])
    // Accents do not matter: "lucia" finds "Lucía".
    expect(await idsOf({ search: 'lucia fern' })).toContain(mine.pickupCash)
    const today = new Date().toISOString()
    expect(await idsOf({ createdAt: { $gte: '2020-01-01', $lte: today } })).toContain(
      mine.pickupCash,
    )
    expect(await idsOf({ createdAt: { $gte: '2999-01-01' } })).toEqual([])
  })

  test('unknown fields, operators, values and bad JSON are 400 INVALID; injection is a value', async () => {
    const unknown = await list({ total: { $gt: 1 } })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({ code: 'INVALID', errors: [{ name: 'query' }] })
    const operator = await list({ status: { $ne: 'open' } })
    expect(operator.statusCode).toBe(400)
    expect(operator.json().code).toBe('INVALID')
    const value = await list({ paymentStatus: 'gratis' })
    expect(value.statusCode).toBe(400)
    expect(value.json().errors[0].name).toBe('query.paymentStatus')
    const badDate = await list({ createdAt: { $gte: 'ayer' } })
    expect(badDate.statusCode).toBe(400)
    const json = await list('{"status":')
    expect(json.statusCode).toBe(400)
    expect(json.json()).toMatchObject({ code: 'INVALID', errors: [{ name: 'query' }] })
    const injection = await list({ search: "' or 1=1 --" })
    expect(injection.statusCode).toBe(200)
    expect(injection.json().docs).toEqual([])
  })
})

describe('payment', () => {
  test('cash is marked as paid once, then refunded once; an unpaid order cannot be refunded', async () => {
    const { order } = await placeOrder()
    const early = await post(`/${order._id}/refund`)
    expect(early.statusCode).toBe(409)
    expect(early.json()).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/pagado/),
    })

    const paid = await post(`/${order._id}/mark-as-paid`)
    expect(paid.statusCode).toBe(200)
    expect(paid.json()).toMatchObject({
      paymentStatus: 'paid',
      paymentStatusLabel: 'Pagado',
      actions: { canMarkAsPaid: false, canRefund: true },
    })
    expect(types(paid.json())).toContain('PAYMENT_RECEIVED')
    expect((await post(`/${order._id}/mark-as-paid`)).statusCode).toBe(409)

    const refunded = await post(`/${order._id}/refund`)
    expect(refunded.statusCode).toBe(200)
    expect(refunded.json()).toMatchObject({ paymentStatus: 'refunded' })
    expect(types(refunded.json()).at(-1)).toBe('PAYMENT_REFUNDED')
    expect((await post(`/${order._id}/refund`)).statusCode).toBe(409)
  })

  test('Mercado Pago is never marked as paid by hand nor refunded without its payment id', async () => {
    const { order } = await placeOrder()
    await app.db
      .update(orders)
      .set({ paymentMethod: 'mercado_pago' })
      .where(eq(orders.id, order._id))
    const manual = await post(`/${order._id}/mark-as-paid`)
    expect(manual.statusCode).toBe(409)
    expect(manual.json().message).toMatch(/Mercado Pago/)
    // Paid by hand in the database, so Mercado Pago never told us its payment id: its refunds go
    // through Mercado Pago's API (partial-refunds.test.ts), which needs that id.
    await app.db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, order._id))
    const refunded = await post(`/${order._id}/refund`)
    expect(refunded.statusCode).toBe(409)
    expect(refunded.json().message).toMatch(/Mercado Pago/)
    expect((await get(`/${order._id}`)).json()).toMatchObject({
      paymentStatus: 'paid',
      refundedAmount: 0,
    })
  })
})

describe('fulfillment', () => {
  test('pickup: prepare, ready (emailed), picked up completes the order', async () => {
    const { order, customer } = await placeOrder()
    const before = (await get(`/${order._id}/fulfillment-events`)).json()
    expect(before).toEqual({
      deliveryType: 'pickup',
      fulfillmentId: null,
      events: [{ value: 'preparing', label: 'En preparación' }],
    })
    const prepared = await post(`/${order._id}/fulfill`)
    expect(prepared.statusCode).toBe(200)
    const fulfillment = prepared.json().fulfillments[0]
    expect(fulfillment).toMatchObject({ status: 'preparing', label: 'En preparación' })
    expect(prepared.json()).toMatchObject({ fulfillmentStatus: 'in_progress', status: 'open' })
    expect(types(prepared.json()).slice(-2)).toEqual(['FULFILLMENT_CREATED', 'PREPARING'])
    expect((await post(`/${order._id}/fulfill`)).statusCode).toBe(409)

    const events = (await get(`/${order._id}/fulfillment-events`)).json()
    expect(events).toEqual({
      deliveryType: 'pickup',
      fulfillmentId: fulfillment._id,
      events: [
        { value: 'ready_for_pickup', label: 'Listo para retirar' },
        { value: 'picked_up', label: 'Retirado' },
      ],
    })
    const ready = await post(`/${order._id}/fulfillment-event`, { newEvent: 'ready_for_pickup' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toMatchObject({ status: 'fulfilled', fulfillmentStatus: 'fulfilled' })
    expect(ready.json().timeline.at(-1)).toMatchObject({
      type: 'READY_FOR_PICKUP',
      label: 'Listo para retirar',
    })
    const email = await lastEmailTo(app, customer.data.email)
    expect(email?.subject).toBe(`Tu pedido #${order.number} está listo para retirar`)
    expect(email?.text).toContain('Gorriti 4800')

    const done = await post(`/${order._id}/fulfillment-event`, { newEvent: 'picked_up' })
    expect(done.json()).toMatchObject({
      status: 'completed',
      fulfillmentStatus: 'delivered',
      fulfillments: [{ status: 'picked_up' }],
      actions: { canCancel: false, canArchive: true, nextEvents: [] },
    })
    expect((await get(`/${order._id}/fulfillment-events`)).json().events).toEqual([])
    const archived = await put(`/${order._id}`, { status: 'archived' })
    expect(archived.json()).toMatchObject({ status: 'archived', statusLabel: 'Archivado' })
  })

  test('delivery: only its own events apply, in order; out for delivery and delivered are emailed', async () => {
    const { order, customer } = await placeOrder({
      deliveryType: 'delivery',
      paymentMethod: 'cash',
    })
    const wrongType = await post(`/${order._id}/fulfillment-event`, {
      newEvent: 'ready_for_pickup',
    })
    expect(wrongType.statusCode).toBe(400)
    expect(wrongType.json()).toMatchObject({ code: 'INVALID', errors: [{ name: 'newEvent' }] })
    const tooEarly = await post(`/${order._id}/fulfillment-event`, { newEvent: 'delivered' })
    expect(tooEarly.statusCode).toBe(409)
    const unknown = await post(`/${order._id}/fulfillment-event`, { newEvent: 'teleported' })
    expect(unknown.statusCode).toBe(400)

    // "preparing" through the event endpoint is the same as fulfill.
    const prepared = await post(`/${order._id}/fulfillment-event`, { newEvent: 'preparing' })
    expect(prepared.json().fulfillments).toHaveLength(1)
    expect((await get(`/${order._id}/fulfillment-events`)).json().events).toEqual([
      { value: 'out_for_delivery', label: 'En camino' },
      { value: 'delivered', label: 'Entregado' },
    ])
    const out = await post(`/${order._id}/fulfillment-event`, { newEvent: 'out_for_delivery' })
    expect(out.json().timeline.at(-1)).toMatchObject({
      type: 'OUT_FOR_DELIVERY',
      label: 'En camino',
    })
    expect((await lastEmailTo(app, customer.data.email))?.subject).toBe(
      `Tu pedido #${order.number} está en camino`,
    )
    const back = await post(`/${order._id}/fulfillment-event`, { newEvent: 'out_for_delivery' })
    expect(back.statusCode).toBe(409)
    const delivered = await post(`/${order._id}/fulfillment-event`, { newEvent: 'delivered' })
    expect(delivered.json()).toMatchObject({ status: 'completed', fulfillmentStatus: 'delivered' })
    expect((await lastEmailTo(app, customer.data.email))?.subject).toBe(
      `Entregamos tu pedido #${order.number}`,
    )
  })

  test('an optional note on fulfill; cancelling a fulfillment (default reason) lets it start again', async () => {
    const { order } = await placeOrder()
    const prepared = await post(`/${order._id}/fulfill`, { note: 'Sin azúcar' })
    expect(prepared.json().timeline.at(-2)).toMatchObject({
      type: 'FULFILLMENT_CREATED',
      note: 'Sin azúcar',
    })
    const fid = prepared.json().fulfillments[0]._id
    const cancelled = await post(`/${order._id}/fulfillment/${fid}/cancel`)
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.json()).toMatchObject({
      fulfillmentStatus: 'unfulfilled',
      fulfillments: [{ _id: fid, status: 'cancelled', reason: 'Cancelled by admin' }],
      actions: { canFulfill: true, activeFulfillmentId: null },
    })
    expect(cancelled.json().timeline.at(-1)).toMatchObject({ type: 'FULFILLMENT_CANCELLED' })
    expect((await post(`/${order._id}/fulfillment/${fid}/cancel`)).statusCode).toBe(409)

    const again = await post(`/${order._id}/fulfill`)
    const second = again.json().fulfillments[1]._id
    await post(`/${order._id}/fulfillment-event`, { newEvent: 'ready_for_pickup' })
    const withReason = await post(`/${order._id}/fulfillment/${second}/cancel`, {
      reason: 'Faltó mercadería',
    })
    expect(withReason.json()).toMatchObject({
      status: 'open',
      fulfillments: [{ status: 'cancelled' }, { status: 'cancelled', reason: 'Faltó mercadería' }],
    })
    const unknown = await post(`/${order._id}/fulfillment/${order._id}/cancel`, { reason: 'x' })
    expect(unknown.statusCode).toBe(404)
  })
})

describe('status changes and notes', () => {
  test('cancelling gives the stock back in one go, voids the pending payment and cannot repeat', async () => {
    const stockBefore = await stockOf(shop.grasa._id)
    const { order } = await placeOrder({ deliveryType: 'pickup', paymentMethod: 'cash' }, [
      { variantId: shop.grasa._id, quantity: 3 },
    ])
    expect(await stockOf(shop.grasa._id)).toBe(stockBefore - 3)
    await post(`/${order._id}/fulfill`)
    const cancelled = await put(`/${order._id}`, {
      status: 'cancelled',
      reason: 'El cliente no puede retirar',
    })
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      statusLabel: 'Cancelado',
      paymentStatus: 'voided',
      fulfillments: [{ status: 'cancelled', reason: 'El cliente no puede retirar' }],
      actions: { canCancel: false, canFulfill: false, canArchive: true, nextEvents: [] },
    })
    expect(types(cancelled.json()).slice(-2)).toEqual(['FULFILLMENT_CANCELLED', 'CANCELLED'])
    expect(await stockOf(shop.grasa._id)).toBe(stockBefore)
    const twice = await put(`/${order._id}`, { status: 'cancelled' })
    expect(twice.statusCode).toBe(409)
    expect(await stockOf(shop.grasa._id)).toBe(stockBefore)
    expect((await post(`/${order._id}/fulfill`)).statusCode).toBe(409)
    expect((await post(`/${order._id}/mark-as-paid`)).statusCode).toBe(409)
  })

  test('a delivered order cannot be cancelled; complete needs a preparation; archive needs a closed order', async () => {
    const { order } = await placeOrder()
    expect((await put(`/${order._id}`, { status: 'completed' })).statusCode).toBe(409)
    expect((await put(`/${order._id}`, { status: 'archived' })).statusCode).toBe(409)
    await post(`/${order._id}/fulfill`)
    const completed = await put(`/${order._id}`, { status: 'completed' })
    expect(completed.json()).toMatchObject({
      status: 'completed',
      fulfillments: [{ status: 'picked_up' }],
    })
    const cancel = await put(`/${order._id}`, { status: 'cancelled' })
    expect(cancel.statusCode).toBe(409)
    expect((await put(`/${order._id}`, { status: 'open' })).statusCode).toBe(400)
  })

  test('an internal note goes to the timeline; an empty change or a stray reason is refused', async () => {
    const { order, customer } = await placeOrder({
      deliveryType: 'pickup',
      paymentMethod: 'cash',
      note: 'Sin cebolla, por favor',
    })
    const noted = await put(`/${order._id}`, { internalNote: 'Llamar antes de preparar' })
    expect(noted.statusCode).toBe(200)
    // The customer's note stays theirs: read-only, and not where the internal note went.
    expect(noted.json()).not.toHaveProperty('note')
    expect(noted.json().timeline.at(-1)).toMatchObject({
      type: 'INTERNAL_NOTE_ADDED',
      label: 'Nota interna agregada',
      note: 'Llamar antes de preparar',
    })
    // Internal means internal: the customer's view of the same order never shows it.
    const mine = await app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order._id}`,
      headers: customer.headers,
    })
    expect(mine.statusCode).toBe(200)
    expect(noted.json().customerNote).toBe('Sin cebolla, por favor')
    expect(mine.json().note).toBe('Sin cebolla, por favor')
    expect(types(mine.json())).not.toContain('INTERNAL_NOTE_ADDED')
    expect(mine.body).not.toContain('Llamar antes de preparar')
    expect((await put(`/${order._id}`, {})).statusCode).toBe(400)
    // The old name is refused rather than silently taken as something else.
    const oldName = await put(`/${order._id}`, { note: 'Llamar antes de preparar' })
    expect(oldName.statusCode).toBe(400)
    const stray = await put(`/${order._id}`, { internalNote: 'x', reason: 'y' })
    expect(stray.statusCode).toBe(400)
    expect(stray.json().errors[0].name).toBe('reason')
  })
})

describe('isolation between stores', () => {
  test('another seller gets 403 or 404 with any mix of ids and x-store-id; customers get 403', async () => {
    const { order } = await placeOrder()
    const fid = (await post(`/${order._id}/fulfill`)).json().fulfillments[0]._id
    const other = await signedInSeller(app)
    const withOwnStore = other.headers
    const withVictimStore = { cookie: other.cookie, 'x-store-id': shop.seller.store._id }
    const calls = (h: Record<string, string>) => [
      get(`/${order._id}`, h),
      get(`/${order._id}/fulfillment-events`, h),
      put(`/${order._id}`, { status: 'cancelled' }, h),
      put(`/${order._id}`, { internalNote: 'hola' }, h),
      post(`/${order._id}/mark-as-paid`, undefined, h),
      post(`/${order._id}/refund`, undefined, h),
      post(`/${order._id}/fulfill`, undefined, h),
      post(`/${order._id}/fulfillment-event`, { newEvent: 'ready_for_pickup' }, h),
      post(`/${order._id}/fulfillment/${fid}/cancel`, { reason: 'x' }, h),
    ]
    for (const res of await Promise.all(calls(withOwnStore))) {
      expect(res.statusCode).toBe(404)
      expect(res.json().code).toBe('NOT_FOUND')
    }
    for (const res of await Promise.all(calls(withVictimStore))) {
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe('USER_NOT_OWNER')
    }
    const list = (await get('?limit=100', withOwnStore)).json()
    expect(list.docs).toEqual([])
    expect((await get('', { cookie: other.cookie })).json().code).toBe('MISSING_REQUIRED_FIELD')

    const customer = await signedInCustomer(app)
    const asCustomer = await get(`/${order._id}`, {
      cookie: customer.cookie,
      'x-store-id': shop.seller.store._id,
    })
    expect(asCustomer.statusCode).toBe(403)
    expect(asCustomer.json().code).toBe('USER_NOT_ADMIN')
    expect((await get('', {})).statusCode).toBe(401)

    // Nothing changed for the real store.
    const untouched = (await get(`/${order._id}`)).json()
    expect(untouched).toMatchObject({ status: 'open', paymentStatus: 'pending' })
    expect(types(untouched)).not.toContain('INTERNAL_NOTE_ADDED')
  })
})

describe('which store an order belongs to', () => {
  const lookup = (id: string, cookie: string) =>
    app.inject({ method: 'GET', url: `/api/v1/admin/order-stores/${id}`, headers: { cookie } })

  test('a link to an order of another of the seller’s stores names that store', async () => {
    const { order } = await placeOrder()
    // No x-store-id: the seller's back office may have another store selected.
    const res = await lookup(order._id, shop.seller.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ storeId: shop.seller.store._id })
  })

  test('another seller, a customer, an unknown id and a malformed id learn nothing', async () => {
    const { order } = await placeOrder()
    const other = await signedInSeller(app)
    const theirs = await lookup(order._id, other.cookie)
    expect(theirs.statusCode).toBe(404)
    expect(theirs.json().code).toBe('NOT_FOUND')
    const unknown = await lookup('00000000-0000-4000-8000-000000000000', shop.seller.cookie)
    expect(unknown.statusCode).toBe(404)
    expect((await lookup('nope', shop.seller.cookie)).statusCode).toBe(400)
    const customer = await signedInCustomer(app)
    expect((await lookup(order._id, customer.cookie)).statusCode).toBe(403)
  })
})

describe('the customer sees the seller’s actions', () => {
  test('GET /orders/{id} follows each action', async () => {
    const { order, customer } = await placeOrder()
    await post(`/${order._id}/fulfill`)
    await post(`/${order._id}/fulfillment-event`, { newEvent: 'ready_for_pickup' })
    const seen = await app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order._id}`,
      headers: { cookie: customer.cookie },
    })
    expect(seen.json()).toMatchObject({
      status: 'fulfilled',
      fulfillments: [{ status: 'ready_for_pickup', label: 'Listo para retirar' }],
    })
    expect(types(seen.json())).toContain('READY_FOR_PICKUP')
  })

  test('the live order page (server-sent events) gets the change at once', async () => {
    const { order, customer } = await placeOrder()
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as { port: number }
    const controller = new AbortController()
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/orders/${order._id}/stream`, {
      headers: { cookie: customer.cookie },
      signal: controller.signal,
    })
    const reader = res.body!.getReader()
    const decoder = new TextDecoder()
    let text = ''
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) text += decoder.decode((await reader.read()).value)
    }
    await readUntil('"paymentStatus":"pending"')
    await post(`/${order._id}/mark-as-paid`)
    await readUntil('"paymentStatus":"paid"')
    await post(`/${order._id}/fulfill`)
    await readUntil('"status":"preparing"')
    controller.abort()
    expect(text.match(/event: order/g)?.length).toBeGreaterThanOrEqual(3)
  })
})
