import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { orders } from '../../db/schema/ordering.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { startFakeFcm, type FakeFcm } from '../../../test/fake-fcm.ts'
import { issuedDevice, lastEmailTo, shopForCheckout } from '../../../test/factories.ts'

// A counter order is placed by the one `ordersService.place` checkout uses (issue 23): its
// low-stock alerts follow the store's notification settings like any other order's, the e-mail
// and the team's push (decision 027), and its address snapshot is the address as known.

let app: TestApp
let fcm: FakeFcm
beforeAll(async () => {
  fcm = await startFakeFcm()
  app = await buildTestApp({
    FCM_SERVICE_ACCOUNT: fcm.serviceAccountJson,
    FCM_API_URL: fcm.url,
    PUBLIC_URL: 'https://barrio.example',
  })
})
afterAll(async () => {
  await app.close()
  await fcm.close()
})

type Shop = Awaited<ReturnType<typeof shopForCheckout>>

async function ownerPhone(shop: Shop): Promise<string> {
  const token = `fcm-counter-low-stock-${shop.seller.store._id}`
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/push/devices',
    headers: { cookie: shop.seller.cookie, ...(await issuedDevice(app)) },
    payload: { deviceToken: token, devicePlatform: 'android' },
  })
  expect(res.statusCode).toBe(204)
  return token
}

async function lowStockAlertsOn(shop: Shop, email: string) {
  const events = Object.fromEntries(
    ['order_placed', 'order_cancelled', 'payment_received', 'low_stock'].map((e) => [
      e,
      { email: e === 'low_stock', push: e === 'low_stock' },
    ]),
  )
  const res = await app.inject({
    method: 'PUT',
    url: '/api/v1/admin/store_settings_notifications',
    headers: shop.seller.headers,
    payload: { events, lowStockThreshold: 3, email },
  })
  expect(res.statusCode, res.body).toBe(200)
}

async function phoneCustomer(shop: Shop) {
  const customer = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/customers',
    headers: shop.seller.headers,
    payload: { firstName: 'Rosa', lastName: 'Giménez', phone: '11 4555 1234', email: null },
  })
  expect(customer.statusCode, customer.body).toBe(201)
  return (customer.json() as { _id: string })._id
}

async function counterOrder(shop: Shop, body: Record<string, unknown>) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/orders',
    headers: shop.seller.headers,
    payload: { deliveryType: 'pickup', paymentMethod: 'cash', paid: false, ...body },
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as { _id: string }
}

async function receivedBy(token: string) {
  await app.outboxWorker.drain()
  return fcm.received.filter((m) => m.token === token)
}

test('a counter order that takes a variant to its low-stock threshold pushes "Stock bajo" to the team and e-mails the store', async () => {
  const shop = await shopForCheckout(app, { stock: 4 })
  const phone = await ownerPhone(shop)
  await lowStockAlertsOn(shop, 'alertas.mostrador@example.com')

  await counterOrder(shop, {
    customerId: await phoneCustomer(shop),
    items: [{ variantId: shop.manteca._id, quantity: 1 }],
  })

  const pushes = await receivedBy(phone)
  expect(pushes).toHaveLength(1)
  expect(pushes[0]).toMatchObject({
    notification: { title: 'Stock bajo', body: expect.stringMatching(/: quedan 3$/) },
    data: { url: '/admin/inventory/products' },
  })
  const email = await lastEmailTo(app, 'alertas.mostrador@example.com')
  expect(email?.text).toMatch(/quedan 3/)
})

test('an address with no known point is snapshotted with a null point, never 0,0', async () => {
  // The gazetteer places every Argentine province, so through HTTP an address only lacks a point
  // when the lookup fails: `place` is called as counter orders call it, with such an address.
  const shop = await shopForCheckout(app)
  const customerId = await phoneCustomer(shop)
  const { _id: id, handle } = shop.seller.store
  const store = { id, handle, name: 'Panadería', phone: null, email: null }
  const placed = await app.db.transaction((tx) =>
    app.ordersService.place(tx, {
      source: { kind: 'counter', customerId, takenBy: null, requestId: null },
      store,
      contact: { firstName: 'Rosa', lastName: 'Giménez', phone: '+5491145551234', email: '' },
      lines: [
        {
          productId: shop.product._id,
          variantId: shop.manteca._id,
          title: 'Medialunas x 12',
          variantTitle: 'Manteca',
          sku: null,
          imageUrl: null,
          unitPrice: 600000,
          quantity: 1,
          lineTotal: 600000,
        },
      ],
      delivery: {
        type: 'shipping',
        address: {
          street: 'Calle Sin Mapa',
          number: '123',
          floorApartment: null,
          neighbourhood: null,
          city: 'Villa Ninguna',
          provinceCode: 'C',
          postalCode: null,
          notes: null,
          point: null,
        },
      },
      payment: { method: 'cash', status: 'pending', details: {}, holdMinutes: null },
      amounts: { subtotal: 600000, deliveryFee: 0, taxes: 0, taxLines: [], total: 600000 },
      note: '',
      slot: null,
    }),
  )
  const [row] = await app.db.select().from(orders).where(eq(orders.id, placed.order.id))
  expect(row?.shippingAddress).toMatchObject({
    street: 'Calle Sin Mapa',
    city: 'Villa Ninguna',
    latitude: null,
    longitude: null,
  })
  expect(row?.customerId).toBe(customerId)
})
