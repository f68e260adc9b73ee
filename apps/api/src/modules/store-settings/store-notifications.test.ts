import { desc, eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { confirmOrder, customerWithAddress, shopForCheckout } from '../../../test/factories.ts'
import { placeMercadoPagoOrder, withFakeMercadoPago } from '../../../test/mercado-pago-orders.ts'
import { orders, outbox } from '../../db/schema/index.ts'

const TOKEN = 'APP_USR-tienda-0000000007'
const SECRET = 'webhook-secret-789'
const suite = withFakeMercadoPago({ accessToken: TOKEN, webhookSecret: SECRET })

type Shop = Awaited<ReturnType<typeof shopForCheckout>>
/** Every test shop is created with this address (test/factories.ts signedInSeller). */
const STORE_EMAIL = 'almacen@example.com'

/** Every e-mail queued to an address, newest first. */
async function emailsTo(to: string) {
  const rows = await suite.app.db
    .select()
    .from(outbox)
    .where(eq(outbox.kind, 'email'))
    .orderBy(desc(outbox.createdAt))
  return rows
    .map((r) => r.payload as { to: string; subject: string; text: string })
    .filter((p) => p.to === to)
}

async function saveSettings(shop: Shop, settings: object) {
  const res = await suite.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/store_settings_notifications',
    headers: shop.seller.headers,
    payload: settings,
  })
  expect(res.statusCode).toBe(200)
}

const allOn = {
  order_placed: { email: true, push: false },
  order_cancelled: { email: true, push: false },
  payment_received: { email: true, push: false },
  low_stock: { email: true, push: false },
}

async function buy(shop: Shop, quantity: number) {
  const c = await customerWithAddress(suite.app)
  const { response } = await confirmOrder(
    suite.app,
    c,
    [{ variantId: shop.manteca._id, quantity }],
    {
      deliveryType: 'pickup',
      paymentMethod: 'cash',
    },
  )
  expect(response.statusCode).toBe(200)
  return response.json().order as { _id: string; number: number }
}

describe("the store's notification settings decide which e-mails it gets", () => {
  test('with no settings saved, a new order e-mails the store at its own address', async () => {
    const shop = await shopForCheckout(suite.app)
    const order = await buy(shop, 1)
    const mail = (await emailsTo(STORE_EMAIL))[0]
    expect(mail?.text).toContain(`Nuevo pedido #${order.number}`)
    // The seller opens it straight in the back office.
    expect(mail?.text).toContain(`/admin/orders/${order._id}`)
  })

  test('"Pedido nuevo" switched off: the store gets no e-mail, the customer still does', async () => {
    const shop = await shopForCheckout(suite.app)
    await saveSettings(shop, {
      email: 'avisos@tienda.example',
      events: { ...allOn, order_placed: { email: false, push: false } },
      lowStockThreshold: 3,
    })
    const storeEmails = (await emailsTo(STORE_EMAIL)).length
    const order = await buy(shop, 1)
    expect(await emailsTo('avisos@tienda.example')).toHaveLength(0)
    expect(await emailsTo(STORE_EMAIL)).toHaveLength(storeEmails)
    const customer = await suite.app.db.select().from(outbox).where(eq(outbox.kind, 'email'))
    expect(
      customer.some((r) =>
        (r.payload as { text: string }).text.includes(`Recibimos tu pedido #${order.number}`),
      ),
    ).toBe(true)
  })

  test('the notification address receives the store e-mails instead of the store address', async () => {
    const shop = await shopForCheckout(suite.app)
    await saveSettings(shop, {
      email: 'pedidos@tienda.example',
      events: allOn,
      lowStockThreshold: 3,
    })
    const storeEmails = (await emailsTo(STORE_EMAIL)).length
    const order = await buy(shop, 1)
    const got = await emailsTo('pedidos@tienda.example')
    expect(got[0]?.text).toContain(`Nuevo pedido #${order.number}`)
    expect(await emailsTo(STORE_EMAIL)).toHaveLength(storeEmails)
  })

  test('"Stock bajo" is sent once, by the order that takes a variant to the threshold', async () => {
    const shop = await shopForCheckout(suite.app, { stock: 10 })
    const to = 'stock@tienda.example'
    await saveSettings(shop, { email: to, events: allOn, lowStockThreshold: 3 })
    const lowStock = async () =>
      (await emailsTo(to)).filter((e) => e.subject.startsWith('Stock bajo'))

    await buy(shop, 2) // 10 -> 8: above the threshold
    expect(await lowStock()).toHaveLength(0)
    await buy(shop, 5) // 8 -> 3: crosses it
    const alerts = await lowStock()
    expect(alerts).toHaveLength(1)
    expect(alerts[0]?.text).toContain('quedan 3')
    await buy(shop, 1) // 3 -> 2: already under, no second alert
    expect(await lowStock()).toHaveLength(1)
  })

  test('"Stock bajo" switched off sends nothing when the threshold is crossed', async () => {
    const shop = await shopForCheckout(suite.app, { stock: 4 })
    const to = 'sin-stock@tienda.example'
    await saveSettings(shop, {
      email: to,
      events: { ...allOn, low_stock: { email: false, push: false } },
      lowStockThreshold: 3,
    })
    await buy(shop, 4)
    expect((await emailsTo(to)).filter((e) => e.subject.startsWith('Stock bajo'))).toHaveLength(0)
  })

  test('"Pago recibido" follows an approved Mercado Pago payment, only when switched on', async () => {
    const paid = async (settings: object, address: string) => {
      const { order, shop } = await placeMercadoPagoOrder(suite.app, TOKEN)
      await saveSettings(shop, settings)
      const paymentId = `pay-${order._id.slice(0, 8)}`
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
      return (await emailsTo(address)).filter((e) => e.subject.startsWith('Pago recibido'))
    }
    expect(
      await paid(
        { email: 'cobros@tienda.example', events: allOn, lowStockThreshold: 3 },
        'cobros@tienda.example',
      ),
    ).toHaveLength(1)
    expect(
      await paid(
        {
          email: 'sin-cobros@tienda.example',
          events: { ...allOn, payment_received: { email: false, push: false } },
          lowStockThreshold: 3,
        },
        'sin-cobros@tienda.example',
      ),
    ).toHaveLength(0)
  })

  test('"Pedido cancelado" tells the store when an unpaid Mercado Pago order expires', async () => {
    const { order, shop } = await placeMercadoPagoOrder(suite.app, TOKEN)
    await saveSettings(shop, { email: 'bajas@tienda.example', events: allOn, lowStockThreshold: 3 })
    await suite.app.db
      .update(orders)
      .set({ paymentExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(orders.id, order._id))
    expect(await suite.app.adminOrdersService.expireUnpaidOrders()).toBe(1)
    const got = await emailsTo('bajas@tienda.example')
    expect(got[0]?.subject).toMatch(/^Pedido #\d+ cancelado$/)
  })
})
