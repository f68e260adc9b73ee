import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { customerWithAddress, readyToConfirm, shopForCheckout } from '../../../test/factories.ts'
import { startFakeMercadoPago } from '../../../test/fake-mercado-pago.ts'

const TOKEN = 'APP_USR-tienda-0000000001'
const SECRET = 'webhook-secret-456'
let app: TestApp
let mp: Awaited<ReturnType<typeof startFakeMercadoPago>>
beforeAll(async () => {
  mp = await startFakeMercadoPago({ accessToken: TOKEN, webhookSecret: SECRET })
  app = await buildTestApp({
    MP_API_URL: mp.baseUrl,
    MP_WEBHOOK_SECRET: SECRET,
    PUBLIC_URL: 'https://barrio.example',
  })
})
afterAll(async () => {
  await app.close()
  await mp.close()
})

async function pendingMercadoPagoOrder() {
  const shop = await shopForCheckout(app, {
    methods: [{ method: 'cash' }, { method: 'mercado_pago', details: { accessToken: TOKEN } }],
  })
  const c = await customerWithAddress(app)
  const checkoutId = await readyToConfirm(app, c, [{ variantId: shop.manteca._id, quantity: 1 }], {
    deliveryType: 'pickup',
    paymentMethod: 'mercado_pago',
  })
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/checkout/${checkoutId}/confirm`,
    headers: c.headers,
  })
  const order = (res.json() as { order: { _id: string; total: number } }).order
  return { c, order }
}

const MINUTE = 60 * 1000

describe('Mercado Pago notifications are fresh', () => {
  test('a correctly signed notification stamped 30 days ago is refused and changes nothing', async () => {
    const { order, c } = await pendingMercadoPagoOrder()
    mp.payments.set('7001', {
      status: 'approved',
      transaction_amount: order.total / 100,
      external_reference: order._id,
    })
    const n = mp.signedNotification('7001', { at: Date.now() - 30 * 24 * 60 * MINUTE })
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/payments/mercadopago/webhook?orderId=${order._id}&${n.query}`,
      headers: n.headers,
      payload: n.payload,
    })
    expect(res.statusCode).toBe(401)
    const seen = await app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order._id}`,
      headers: c.headers,
    })
    expect(seen.json().paymentStatus).toBe('pending')
  })

  test('a signature stamped more than 5 minutes away (past or future) is refused; within 5 minutes it is accepted', async () => {
    const { order } = await pendingMercadoPagoOrder()
    mp.payments.set('7002', {
      status: 'approved',
      transaction_amount: order.total / 100,
      external_reference: order._id,
    })
    const send = (at: number) => {
      const n = mp.signedNotification('7002', { at })
      return app.inject({
        method: 'POST',
        url: `/api/v1/payments/mercadopago/webhook?orderId=${order._id}&${n.query}`,
        headers: n.headers,
        payload: n.payload,
      })
    }
    expect((await send(Date.now() - 6 * MINUTE)).statusCode).toBe(401)
    expect((await send(Date.now() + 6 * MINUTE)).statusCode).toBe(401)
    // Mercado Pago's ts may also come in seconds: an old one in seconds is refused too.
    expect((await send(Math.floor((Date.now() - 6 * MINUTE) / 1000))).statusCode).toBe(401)
    const fresh = await send(Date.now() - 4 * MINUTE)
    expect(fresh.json()).toEqual({ received: true, applied: true })
  })
})
