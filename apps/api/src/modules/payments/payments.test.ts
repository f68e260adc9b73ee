import { describe, expect, test } from 'vitest'
import { placeMercadoPagoOrder, withFakeMercadoPago } from '../../../test/mercado-pago-orders.ts'

const TOKEN = 'APP_USR-tienda-0000000000'
const SECRET = 'webhook-secret-123'
const suite = withFakeMercadoPago({ accessToken: TOKEN, webhookSecret: SECRET })

const mercadoPagoOrder = () => placeMercadoPagoOrder(suite.app, TOKEN, 2)

const notify = (orderId: string, paymentId: string, opts: { secret?: string } = {}) => {
  const n = suite.mp.signedNotification(paymentId, opts)
  return suite.app.inject({
    method: 'POST',
    url: `/api/v1/payments/mercadopago/webhook?orderId=${orderId}&${n.query}`,
    headers: n.headers,
    payload: n.payload,
  })
}

describe('Mercado Pago Checkout Pro', () => {
  test('confirm creates a preference with the store’s token and answers its init_point as checkoutUrl', async () => {
    const { order, checkoutUrl } = await mercadoPagoOrder()
    expect(checkoutUrl).toMatch(
      /^https:\/\/www\.mercadopago\.com\.ar\/checkout\/v1\/redirect\?pref_id=pref-/,
    )
    const pref = [...suite.mp.preferences.values()].find((p) => p.external_reference === order._id)!
    expect(pref.notification_url).toBe(
      `https://barrio.example/api/v1/payments/mercadopago/webhook?orderId=${order._id}`,
    )
    expect(pref.items).toEqual([expect.objectContaining({ unit_price: 12000, quantity: 1 })])
    expect(order.paymentStatus).toBe('pending')
  })

  test('paying again answers a fresh link and the amount in centavos, not a formatted string', async () => {
    const { order, c } = await mercadoPagoOrder()
    const res = await suite.app.inject({
      method: 'POST',
      url: `/api/v1/orders/${order._id}/pay`,
      headers: c.headers,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      checkoutUrl: expect.stringMatching(/pref_id=pref-/),
      amount: order.total,
      currency: 'ARS',
    })
    expect(Number.isInteger(res.json().amount)).toBe(true)
  })

  test('a notification with a bad signature is refused and changes nothing', async () => {
    const { order, c } = await mercadoPagoOrder()
    suite.mp.payments.set('9001', {
      status: 'approved',
      transaction_amount: order.total / 100,
      external_reference: order._id,
    })
    const res = await notify(order._id, '9001', { secret: 'not-the-secret' })
    expect(res.statusCode).toBe(401)
    const after = (
      await suite.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${order._id}`,
        headers: c.headers,
      })
    ).json()
    expect(after.paymentStatus).toBe('pending')
  })

  test('a paid amount that differs from the order total is refused', async () => {
    const { order } = await mercadoPagoOrder()
    suite.mp.payments.set('9002', {
      status: 'approved',
      transaction_amount: order.total / 100 - 1,
      external_reference: order._id,
    })
    expect((await notify(order._id, '9002')).statusCode).toBe(422)
  })

  test('a payment of another order is refused', async () => {
    const { order } = await mercadoPagoOrder()
    const { order: other } = await mercadoPagoOrder()
    suite.mp.payments.set('9003', {
      status: 'approved',
      transaction_amount: other.total / 100,
      external_reference: other._id,
    })
    expect((await notify(order._id, '9003')).statusCode).toBe(422)
  })

  test('approved marks the order paid once, whatever the number of notifications; refunded later', async () => {
    const { order, c } = await mercadoPagoOrder()
    suite.mp.payments.set('9004', {
      status: 'approved',
      transaction_amount: order.total / 100,
      external_reference: order._id,
    })
    const first = await notify(order._id, '9004')
    expect(first.json()).toEqual({ received: true, applied: true })
    expect((await notify(order._id, '9004')).json()).toEqual({ received: true, applied: false })
    let seen = (
      await suite.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${order._id}`,
        headers: c.headers,
      })
    ).json()
    expect(seen).toMatchObject({ paymentStatus: 'paid', paymentStatusLabel: 'Pagado' })
    expect(
      seen.timeline.filter((t: { type: string }) => t.type === 'PAYMENT_RECEIVED'),
    ).toHaveLength(1)
    suite.mp.payments.set('9004', {
      status: 'refunded',
      transaction_amount: order.total / 100,
      external_reference: order._id,
    })
    await notify(order._id, '9004')
    seen = (
      await suite.app.inject({
        method: 'GET',
        url: `/api/v1/orders/${order._id}`,
        headers: c.headers,
      })
    ).json()
    expect(seen.paymentStatus).toBe('refunded')
    expect(seen.timeline.map((t: { type: string }) => t.type)).toEqual([
      'ORDER_PLACED',
      'PAYMENT_RECEIVED',
      'PAYMENT_REFUNDED',
    ])
  })

  test('the order page streams the change live (server-sent events)', async () => {
    const { order, c } = await mercadoPagoOrder()
    await suite.app.listen({ port: 0, host: '127.0.0.1' })
    const address = suite.app.server.address() as { port: number }
    const controller = new AbortController()
    const res = await fetch(`http://127.0.0.1:${address.port}/api/v1/orders/${order._id}/stream`, {
      headers: { cookie: c.cookie },
      signal: controller.signal,
    })
    expect(res.headers.get('content-type')).toContain('text/event-stream')
    const reader = res.body!.getReader()
    const decoder = new TextDecoder()
    let text = ''
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) text += decoder.decode((await reader.read()).value)
    }
    await readUntil('"paymentStatus":"pending"')
    suite.mp.payments.set('9005', {
      status: 'approved',
      transaction_amount: order.total / 100,
      external_reference: order._id,
    })
    await notify(order._id, '9005')
    await readUntil('"paymentStatus":"paid"')
    controller.abort()
    expect(text.match(/event: order/g)?.length).toBeGreaterThanOrEqual(2)
  })
})
