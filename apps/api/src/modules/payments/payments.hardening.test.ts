import { describe, expect, test } from 'vitest'
import { placeMercadoPagoOrder, withFakeMercadoPago } from '../../../test/mercado-pago-orders.ts'

const TOKEN = 'APP_USR-tienda-0000000001'
const SECRET = 'webhook-secret-456'
const suite = withFakeMercadoPago({ accessToken: TOKEN, webhookSecret: SECRET })

const pendingMercadoPagoOrder = () => placeMercadoPagoOrder(suite.app, TOKEN, 1)

const MINUTE = 60 * 1000

describe('Mercado Pago notifications are fresh', () => {
  test('a correctly signed notification stamped 30 days ago is refused and changes nothing', async () => {
    const { order, c } = await pendingMercadoPagoOrder()
    suite.mp.payments.set('7001', {
      status: 'approved',
      transaction_amount: order.total / 100,
      external_reference: order._id,
    })
    const n = suite.mp.signedNotification('7001', { at: Date.now() - 30 * 24 * 60 * MINUTE })
    const res = await suite.app.inject({
      method: 'POST',
      url: `/api/v1/payments/mercadopago/webhook?orderId=${order._id}&${n.query}`,
      headers: n.headers,
      payload: n.payload,
    })
    expect(res.statusCode).toBe(401)
    const seen = await suite.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${order._id}`,
      headers: c.headers,
    })
    expect(seen.json().paymentStatus).toBe('pending')
  })

  test('a signature stamped more than 5 minutes away (past or future) is refused; within 5 minutes it is accepted', async () => {
    const { order } = await pendingMercadoPagoOrder()
    suite.mp.payments.set('7002', {
      status: 'approved',
      transaction_amount: order.total / 100,
      external_reference: order._id,
    })
    const send = (at: number) => {
      const n = suite.mp.signedNotification('7002', { at })
      return suite.app.inject({
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
