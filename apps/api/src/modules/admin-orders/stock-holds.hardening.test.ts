import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { orders } from '../../db/schema/ordering.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  confirmOrder,
  customerWithAddress,
  lastEmailTo,
  shopForCheckout,
} from '../../../test/factories.ts'
import { startFakeMercadoPago } from '../../../test/fake-mercado-pago.ts'
import { cashAndMercadoPago } from '../../../test/mercado-pago-orders.ts'

const TOKEN = 'APP_USR-tienda-0000000000'
let app: TestApp
let mp: Awaited<ReturnType<typeof startFakeMercadoPago>>
beforeAll(async () => {
  mp = await startFakeMercadoPago({ accessToken: TOKEN, webhookSecret: 'webhook-secret-123' })
  app = await buildTestApp({ MP_API_URL: mp.baseUrl, RATE_LIMIT_IP_MAX: '100000' })
})
afterAll(async () => {
  await app.close()
  await mp.close()
})

type Shop = Awaited<ReturnType<typeof shopForCheckout>>
type Customer = Awaited<ReturnType<typeof customerWithAddress>>
const METHODS = cashAndMercadoPago(TOKEN)

async function place(shop: Shop, c: Customer, paymentMethod: string, quantity = 10) {
  const { response } = await confirmOrder(app, c, [{ variantId: shop.grasa._id, quantity }], {
    deliveryType: 'pickup',
    paymentMethod,
  })
  return response
}
const stockOf = async (shop: Shop) =>
  (
    (
      await app.inject({
        method: 'GET',
        url: `/api/v1/admin/products/${shop.product._id}`,
        headers: shop.seller.headers,
      })
    ).json() as { variants: Array<{ stock: number }> }
  ).variants[1]!.stock
const orderOf = async (c: Customer, id: string) =>
  (await app.inject({ method: 'GET', url: `/api/v1/orders/${id}`, headers: c.headers })).json()
/** The payment window ran out: no waiting, the order's deadline is moved into the past. */
const expire = (orderId: string) =>
  app.database.db
    .update(orders)
    .set({ paymentExpiresAt: sql`now() - interval '1 minute'` })
    .where(eq(orders.id, orderId))

describe('unpaid orders do not hoard stock', () => {
  test('a Mercado Pago order not paid in time is cancelled by the sweep: stock back, timeline, e-mail, live page', async () => {
    const shop = await shopForCheckout(app, { stock: 40, methods: METHODS })
    const c = await customerWithAddress(app)
    const res = await place(shop, c, 'mercado_pago')
    expect(res.statusCode).toBe(200)
    const { order } = res.json()
    expect(await stockOf(shop)).toBe(30)
    // The deadline is the store's default, 30 minutes after the order.
    const placedAt = Date.parse(order.createdAt)
    expect(Date.parse(order.paymentExpiresAt) - placedAt).toBe(30 * 60_000)
    // Mercado Pago's link stops taking the payment at the same moment.
    const pref = [...mp.preferences.values()].find((p) => p.external_reference === order._id)
    expect(pref).toMatchObject({
      expires: true,
      expiration_date_to: new Date(order.paymentExpiresAt).toISOString(),
    })

    // Not expired yet: the sweep leaves it alone.
    expect(await app.adminOrdersService.expireUnpaidOrders()).toBe(0)
    expect((await orderOf(c, order._id)).status).toBe('open')

    let published = 0
    const unsubscribe = app.ordersService.subscribe(order._id, () => published++)
    await expire(order._id)
    expect(await app.adminOrdersService.expireUnpaidOrders()).toBe(1)
    unsubscribe()
    expect(published).toBe(1)

    const after = await orderOf(c, order._id)
    expect(after).toMatchObject({ status: 'cancelled', paymentStatus: 'voided' })
    expect(after.timeline.at(-1)).toMatchObject({
      type: 'CANCELLED',
      note: 'Cancelado porque el pago con Mercado Pago no se completó a tiempo. Liberamos el stock.',
    })
    expect(await stockOf(shop)).toBe(40)
    await app.outboxWorker.drain()
    expect(await lastEmailTo(app, c.data.email)).toMatchObject({
      subject: `Cancelamos tu pedido #${order.number}: el pago no llegó a tiempo`,
    })
    // Idempotent: a second sweep finds nothing more to do.
    expect(await app.adminOrdersService.expireUnpaidOrders()).toBe(0)
    expect(await stockOf(shop)).toBe(40)
  })

  test('sweeps running at once cancel each expired order once and give its stock back once', async () => {
    const shop = await shopForCheckout(app, { stock: 40, methods: METHODS })
    const ids: string[] = []
    for (let i = 0; i < 3; i++) {
      const c = await customerWithAddress(app)
      const res = await place(shop, c, 'mercado_pago', 5)
      ids.push(res.json().order._id)
    }
    expect(await stockOf(shop)).toBe(25)
    for (const id of ids) await expire(id)
    const counts = await Promise.all([
      app.adminOrdersService.expireUnpaidOrders(),
      app.adminOrdersService.expireUnpaidOrders(),
      app.adminOrdersService.expireUnpaidOrders(),
    ])
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3)
    expect(await stockOf(shop)).toBe(40)
  })

  test('cash orders and paid orders are never expired by the sweep', async () => {
    const shop = await shopForCheckout(app, { stock: 40, methods: METHODS })
    const c = await customerWithAddress(app)
    const { order } = (await place(shop, c, 'cash')).json()
    expect(order.paymentExpiresAt).toBeNull()
    await app.database.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '3 days'` })
      .where(eq(orders.id, order._id))
    expect(await app.adminOrdersService.expireUnpaidOrders()).toBe(0)
    expect((await orderOf(c, order._id)).status).toBe('open')
  })

  test('the seller sets the Mercado Pago payment time and the cap of unpaid orders on the payments settings', async () => {
    const shop = await shopForCheckout(app, { methods: METHODS })
    const url = '/api/v1/admin/store_settings_payments'
    const initial = await app.inject({ method: 'GET', url, headers: shop.seller.headers })
    expect(initial.json()).toEqual({
      mercadoPagoPaymentMinutes: 30,
      maxUnpaidOrdersPerCustomer: 2,
    })
    const bad = await app.inject({
      method: 'POST',
      url,
      headers: shop.seller.headers,
      payload: { mercadoPagoPaymentMinutes: 1, maxUnpaidOrdersPerCustomer: 0 },
    })
    expect(bad.statusCode).toBe(400)
    const saved = await app.inject({
      method: 'POST',
      url,
      headers: shop.seller.headers,
      payload: { mercadoPagoPaymentMinutes: 15, maxUnpaidOrdersPerCustomer: 3 },
    })
    expect(saved.json()).toEqual({ mercadoPagoPaymentMinutes: 15, maxUnpaidOrdersPerCustomer: 3 })
    const c = await customerWithAddress(app)
    const { order } = (await place(shop, c, 'mercado_pago', 1)).json()
    expect(Date.parse(order.paymentExpiresAt) - Date.parse(order.createdAt)).toBe(15 * 60_000)
  })

  test('one customer cannot hold more than the store’s cap of unpaid orders: the next confirm is a 409', async () => {
    const shop = await shopForCheckout(app, { stock: 40, methods: METHODS })
    const hoarder = await customerWithAddress(app)
    expect((await place(shop, hoarder, 'cash')).statusCode).toBe(200)
    expect((await place(shop, hoarder, 'mercado_pago')).statusCode).toBe(200)
    const third = await place(shop, hoarder, 'mercado_pago')
    expect(third.statusCode).toBe(409)
    expect(third.json()).toMatchObject({
      code: 'CONFLICT',
      message:
        'Ya tenés 2 pedidos sin pagar en este comercio. Pagá alguno o esperá a que el comercio los confirme antes de hacer otro.',
    })
    expect(await stockOf(shop)).toBe(20)
    // A real customer still gets what is left.
    const real = await customerWithAddress(app)
    expect((await place(shop, real, 'cash')).statusCode).toBe(200)
  })

  test('the seller lists unpaid orders and cancels one in one action, giving its stock back', async () => {
    const shop = await shopForCheckout(app, { stock: 40, methods: METHODS })
    const c = await customerWithAddress(app)
    const { order } = (await place(shop, c, 'cash')).json()
    const list = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/orders?query=${encodeURIComponent(JSON.stringify({ unpaid: true }))}`,
      headers: shop.seller.headers,
    })
    expect(list.statusCode).toBe(200)
    expect(list.json().docs.map((o: { _id: string }) => o._id)).toEqual([order._id])

    const detail = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/orders/${order._id}`,
      headers: shop.seller.headers,
    })
    expect(detail.json().actions.canCancelUnpaid).toBe(true)
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order._id}/cancel-unpaid`,
      headers: shop.seller.headers,
    })
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'voided',
      actions: { canCancelUnpaid: false },
    })
    expect(cancelled.json().timeline.at(-1)).toMatchObject({
      type: 'CANCELLED',
      note: 'Cancelado por el comercio: el pago no llegó.',
    })
    expect(await stockOf(shop)).toBe(40)
    const again = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order._id}/cancel-unpaid`,
      headers: shop.seller.headers,
    })
    expect(again.statusCode).toBe(409)
    const empty = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/orders?query=${encodeURIComponent(JSON.stringify({ unpaid: true }))}`,
      headers: shop.seller.headers,
    })
    expect(empty.json().docs).toEqual([])
  })
})
