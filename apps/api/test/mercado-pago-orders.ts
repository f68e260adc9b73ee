import { afterAll, beforeAll } from 'vitest'
import { buildTestApp, type TestApp } from './build-test-app.ts'
import { confirmOrder, customerWithAddress, shopForCheckout } from './factories.ts'
import { startFakeMercadoPago } from './fake-mercado-pago.ts'

export type FakeMercadoPago = Awaited<ReturnType<typeof startFakeMercadoPago>>

/** The app wired to a loopback Mercado Pago that knows one store token and the webhook secret. */
export async function appWithFakeMercadoPago({
  accessToken,
  webhookSecret,
}: {
  accessToken: string
  webhookSecret: string
}): Promise<{ app: TestApp; mp: FakeMercadoPago; close: () => Promise<void> }> {
  const mp = await startFakeMercadoPago({ accessToken, webhookSecret })
  const app = await buildTestApp({
    MP_API_URL: mp.baseUrl,
    MP_WEBHOOK_SECRET: webhookSecret,
    PUBLIC_URL: 'https://barrio.example',
  })
  return {
    app,
    mp,
    async close() {
      await app.close()
      await mp.close()
    },
  }
}

/**
 * For a test file: builds that app before its tests and closes it (and the fake) after them.
 * `app` and `mp` are read once the suite runs.
 */
export function withFakeMercadoPago(opts: { accessToken: string; webhookSecret: string }) {
  let current: Awaited<ReturnType<typeof appWithFakeMercadoPago>> | null = null
  beforeAll(async () => {
    current = await appWithFakeMercadoPago(opts)
  })
  afterAll(async () => {
    await current?.close()
  })
  return {
    get app(): TestApp {
      return current!.app
    },
    get mp(): FakeMercadoPago {
      return current!.mp
    },
  }
}

/** A shop's payment methods: cash on pickup and delivery, and Mercado Pago with that token. */
export function cashAndMercadoPago(accessToken: string) {
  return [
    { method: 'cash', details: { onPickup: true, onDelivery: true } },
    { method: 'mercado_pago', details: { accessToken } },
  ]
}

/** A customer confirms a pickup order paid with Mercado Pago at a new shop using that token. */
export async function placeMercadoPagoOrder(app: TestApp, accessToken: string, quantity = 1) {
  const shop = await shopForCheckout(app, {
    methods: [{ method: 'cash' }, { method: 'mercado_pago', details: { accessToken } }],
  })
  const c = await customerWithAddress(app)
  const { response: res } = await confirmOrder(
    app,
    c,
    [{ variantId: shop.manteca._id, quantity }],
    {
      deliveryType: 'pickup',
      paymentMethod: 'mercado_pago',
    },
  )
  return {
    c,
    shop,
    ...(res.json() as {
      order: { _id: string; total: number; paymentStatus: string }
      checkoutUrl: string | null
    }),
  }
}
