import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { startFakeFcm, type FakeFcm } from '../../../test/fake-fcm.ts'
import { startFakeMercadoPago } from '../../../test/fake-mercado-pago.ts'
import {
  confirmOrder,
  customerWithAddress,
  issuedDevice,
  shopForCheckout,
  signedInCustomer,
} from '../../../test/factories.ts'
import { placeMercadoPagoOrder } from '../../../test/mercado-pago-orders.ts'
import { eq, sql } from 'drizzle-orm'
import { orders } from '../../db/schema/ordering.ts'
import { storeCollaborators } from '../../db/schema/store-settings.ts'

const MP_TOKEN = 'APP_USR-tienda-0000000015'
const MP_SECRET = 'webhook-secret-015'

let app: TestApp
let fcm: FakeFcm
let mp: Awaited<ReturnType<typeof startFakeMercadoPago>>
beforeAll(async () => {
  fcm = await startFakeFcm()
  mp = await startFakeMercadoPago({ accessToken: MP_TOKEN, webhookSecret: MP_SECRET })
  app = await buildTestApp({
    FCM_SERVICE_ACCOUNT: fcm.serviceAccountJson,
    FCM_API_URL: fcm.url,
    MP_API_URL: mp.baseUrl,
    MP_WEBHOOK_SECRET: MP_SECRET,
    PUBLIC_URL: 'https://barrio.example',
  })
})
afterAll(async () => {
  await app.close()
  await fcm.close()
  await mp.close()
})

let tokens = 0
/** Registers a fresh Android push token for a signed-in person on a new device. */
async function phoneOf(cookie: string): Promise<string> {
  const token = `fcm-order-${++tokens}`
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/push/devices',
    headers: { cookie, ...(await issuedDevice(app)) },
    payload: { deviceToken: token, devicePlatform: 'android' },
  })
  expect(res.statusCode).toBe(204)
  return token
}

/** What FCM delivered to a token, after every queued push went out. */
async function receivedBy(token: string) {
  await app.outboxWorker.drain()
  return fcm.received
    .filter((m) => m.token === token)
    .map((m) => ({ title: m.notification.title, body: m.notification.body, data: m.data }))
}

type Shop = Awaited<ReturnType<typeof shopForCheckout>>
async function pushSettings(shop: Shop, push: Partial<Record<string, boolean>>) {
  const events = Object.fromEntries(
    ['order_placed', 'order_cancelled', 'payment_received', 'low_stock'].map((e) => [
      e,
      { email: true, push: push[e] ?? false },
    ]),
  )
  const res = await app.inject({
    method: 'PUT',
    url: '/api/v1/admin/store_settings_notifications',
    headers: shop.seller.headers,
    payload: { events, lowStockThreshold: 3 },
  })
  expect(res.statusCode).toBe(200)
}

async function placeOrder(shop: Shop, deliveryType = 'pickup') {
  const c = await customerWithAddress(app)
  const phone = await phoneOf(c.cookie)
  const { response } = await confirmOrder(app, c, [{ variantId: shop.manteca._id, quantity: 1 }], {
    deliveryType,
    paymentMethod: 'cash',
  })
  expect(response.statusCode).toBe(200)
  const order = response.json().order as { _id: string; number: number }
  return { c, phone, order }
}

const seller = (shop: Shop, method: 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({
    method,
    url: `/api/v1/admin/orders${url}`,
    headers: shop.seller.headers,
    ...(payload ? { payload } : {}),
  })

describe("the customer's devices hear of each status change of their order", () => {
  test('fulfilment, payment and completion pushes carry the Spanish labels and open the order', async () => {
    const shop = await shopForCheckout(app)
    const { phone, order } = await placeOrder(shop)
    // Placing the order is the customer's own act: no push for it.
    expect(await receivedBy(phone)).toEqual([])

    expect((await seller(shop, 'POST', `/${order._id}/fulfill`, {})).statusCode).toBe(200)
    const ready = await seller(shop, 'POST', `/${order._id}/fulfillment-event`, {
      newEvent: 'ready_for_pickup',
    })
    expect(ready.statusCode).toBe(200)
    expect((await seller(shop, 'POST', `/${order._id}/mark-as-paid`)).statusCode).toBe(200)
    const done = await seller(shop, 'POST', `/${order._id}/fulfillment-event`, {
      newEvent: 'picked_up',
    })
    expect(done.statusCode).toBe(200)

    const data = { orderId: order._id, url: `/orders/${order._id}` }
    const title = `Tu pedido #${order.number}`
    expect(await receivedBy(phone)).toEqual([
      { title, body: 'En preparación', data },
      { title, body: 'Listo para retirar', data },
      { title, body: 'Pago: Pagado', data },
      { title, body: 'Retirado', data },
    ])
  })

  test('a delivery order on its way, and a cancellation', async () => {
    const shop = await shopForCheckout(app)
    const { phone, order } = await placeOrder(shop, 'delivery')
    await seller(shop, 'POST', `/${order._id}/fulfill`, {})
    const onItsWay = await seller(shop, 'POST', `/${order._id}/fulfillment-event`, {
      newEvent: 'out_for_delivery',
    })
    expect(onItsWay.statusCode).toBe(200)
    const cancel = await seller(shop, 'PUT', `/${order._id}`, { status: 'cancelled' })
    expect(cancel.statusCode).toBe(200)
    expect((await receivedBy(phone)).map((m) => m.body)).toEqual([
      'En preparación',
      'Pedido en camino',
      'Cancelado',
    ])
  })

  test('a refused change (409) pushes nothing', async () => {
    const shop = await shopForCheckout(app)
    const { phone, order } = await placeOrder(shop)
    const tooEarly = await seller(shop, 'PUT', `/${order._id}`, { status: 'completed' })
    expect(tooEarly.statusCode).toBe(409)
    expect(await receivedBy(phone)).toEqual([])
  })
})

describe("the store team's devices follow the store's notification settings", () => {
  test('"Pedido nuevo" reaches the owner and collaborators only when its push switch is on', async () => {
    const shop = await shopForCheckout(app)
    const ownerPhone = await phoneOf(shop.seller.cookie)
    const helper = await signedInCustomer(app)
    await app.db
      .insert(storeCollaborators)
      .values({ storeId: shop.seller.store._id, userId: helper.user._id })
    const helperPhone = await phoneOf(helper.cookie)

    await placeOrder(shop)
    expect(await receivedBy(ownerPhone)).toEqual([])

    await pushSettings(shop, { order_placed: true })
    const { order } = await placeOrder(shop)
    expect(await receivedBy(ownerPhone)).toEqual([
      {
        title: `Pedido nuevo: #${order.number}`,
        body: expect.stringMatching(/^Lucía Fernández · \$\s?6\.000 · Efectivo$/),
        data: { orderId: order._id, url: `/admin/orders/${order._id}` },
      },
    ])
    expect(await receivedBy(helperPhone)).toHaveLength(1)

    await pushSettings(shop, { payment_received: true })
    await placeOrder(shop)
    expect(await receivedBy(ownerPhone)).toHaveLength(1)
  })

  test('"Stock bajo" reaches the team when an order takes a variant to the threshold', async () => {
    const shop = await shopForCheckout(app, { stock: 4 })
    const ownerPhone = await phoneOf(shop.seller.cookie)
    await pushSettings(shop, { low_stock: true })
    await placeOrder(shop)
    const [alert] = await receivedBy(ownerPhone)
    expect(alert).toMatchObject({
      title: 'Stock bajo',
      body: expect.stringMatching(/: quedan 3$/),
      data: { url: '/admin/inventory/products' },
    })
  })

  test('a Mercado Pago payment: "Pago: Pagado" to the customer, "Pago recibido" to the store', async () => {
    const { order, shop, c } = await placeMercadoPagoOrder(app, MP_TOKEN)
    const customerPhone = await phoneOf(c.cookie)
    const ownerPhone = await phoneOf(shop.seller.cookie)
    await pushSettings(shop, { payment_received: true })
    const paymentId = `pay-${order._id.slice(0, 8)}`
    mp.payments.set(paymentId, {
      status: 'approved',
      transaction_amount: order.total / 100,
      external_reference: order._id,
    })
    const n = mp.signedNotification(paymentId)
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/payments/mercadopago/webhook?orderId=${order._id}&${n.query}`,
      headers: n.headers,
      payload: n.payload,
    })
    expect(res.statusCode).toBe(200)
    const customer = await receivedBy(customerPhone)
    expect(customer.map((m) => m.body)).toEqual(['Pago: Pagado'])
    const store = await receivedBy(ownerPhone)
    expect(store).toHaveLength(1)
    expect(store[0]!.title).toMatch(/^Pago recibido: #\d+$/)
    expect(store[0]!.data).toEqual({ orderId: order._id, url: `/admin/orders/${order._id}` })

    // Mercado Pago repeats notifications: the same payment status pushes nothing twice.
    const again = mp.signedNotification(paymentId)
    await app.inject({
      method: 'POST',
      url: `/api/v1/payments/mercadopago/webhook?orderId=${order._id}&${again.query}`,
      headers: again.headers,
      payload: again.payload,
    })
    expect(await receivedBy(customerPhone)).toHaveLength(1)
  })

  test('an unpaid Mercado Pago order that expires: "Cancelado" to the customer, "Pedido cancelado" to the store', async () => {
    const { order, shop, c } = await placeMercadoPagoOrder(app, MP_TOKEN)
    const customerPhone = await phoneOf(c.cookie)
    const ownerPhone = await phoneOf(shop.seller.cookie)
    await pushSettings(shop, { order_cancelled: true })
    await app.db
      .update(orders)
      .set({ paymentExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(orders.id, order._id))
    expect(await app.adminOrdersService.expireUnpaidOrders()).toBe(1)
    expect((await receivedBy(customerPhone)).map((m) => m.body)).toEqual(['Cancelado'])
    const [store] = await receivedBy(ownerPhone)
    expect(store?.title).toMatch(/^Pedido cancelado: #\d+$/)
    expect(store?.data).toEqual({ orderId: order._id, url: `/admin/orders/${order._id}` })
  })
})
