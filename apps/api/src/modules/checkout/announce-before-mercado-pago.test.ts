import { describe, expect, test } from 'vitest'
import { customerWithAddress, readyToConfirm, shopForCheckout } from '../../../test/factories.ts'
import { withFakeMercadoPago } from '../../../test/mercado-pago-orders.ts'

const ACCESS_TOKEN = 'APP_USR-announce-test'
const ctx = withFakeMercadoPago({ accessToken: ACCESS_TOKEN, webhookSecret: 'announce-secret' })

describe('confirm announces the committed order before Mercado Pago answers (issue 23)', () => {
  test('the seller hears of the new order while the preference is still pending', async () => {
    const { app, mp } = ctx
    const shop = await shopForCheckout(app, {
      methods: [
        { method: 'cash' },
        { method: 'mercado_pago', details: { accessToken: ACCESS_TOKEN } },
      ],
    })
    const c = await customerWithAddress(app)
    const checkoutId = await readyToConfirm(
      app,
      c,
      [{ variantId: shop.manteca._id, quantity: 1 }],
      {
        deliveryType: 'pickup',
        paymentMethod: 'mercado_pago',
      },
    )
    const heard: string[] = []
    const stop = app.ordersService.subscribeToStore(shop.seller.store._id, (orderId) =>
      heard.push(orderId),
    )
    const hold = mp.holdNextPreference()
    try {
      const confirming = app.inject({
        method: 'POST',
        url: `/api/v1/checkout/${checkoutId}/confirm`,
        headers: c.headers,
      })
      await hold.reached
      // Mercado Pago has not answered yet: the order is committed and already announced.
      expect(heard).toHaveLength(1)
      hold.release()
      const res = await confirming
      expect(res.statusCode).toBe(200)
      const body = res.json() as { order: { _id: string }; checkoutUrl: string | null }
      expect(body.order._id).toBe(heard[0])
      expect(body.checkoutUrl).toMatch(/^https:\/\/www\.mercadopago\.com\.ar\//)
      // Announced once, not again after the preference.
      expect(heard).toHaveLength(1)
    } finally {
      hold.release()
      stop()
    }
  })
})
