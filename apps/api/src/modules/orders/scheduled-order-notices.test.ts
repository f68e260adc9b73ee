import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { startFakeFcm, type FakeFcm } from '../../../test/fake-fcm.ts'
import {
  customerWithAddress,
  issuedDevice,
  lastEmailTo,
  readyToConfirm,
  shopForCheckout,
  setDailyHours,
  updateLogistics,
} from '../../../test/factories.ts'
import { orderEmails } from './order-emails.ts'

// Issue 26: the customer's e-mail and pushes of a scheduled order say for when, in Buenos Aires
// time, whatever the server's zone. The schedule clock is a Monday at 21:00; the shop opens
// 09:00–13:00 every day and takes pickups in 30-minute slots.
const ba = (local: string) => new Date(`${local}:00-03:00`).toISOString()

let app: TestApp
let fcm: FakeFcm
let shop: Awaited<ReturnType<typeof shopForCheckout>>

beforeAll(async () => {
  fcm = await startFakeFcm()
  app = await buildTestApp({
    SCHEDULE_CLOCK_START: '2026-11-30T21:00:00-03:00',
    FCM_SERVICE_ACCOUNT: fcm.serviceAccountJson,
    FCM_API_URL: fcm.url,
  })
  shop = await shopForCheckout(app, { stock: 100 })
  await setDailyHours(app, shop.seller, [['09:00', '13:00']])
  await updateLogistics(app, shop.seller, (logistics) => ({
    ...logistics,
    scheduling: {
      ...logistics.scheduling,
      pickup: {
        enabled: true,
        slotMinutes: 30,
        slotCapacity: 3,
        prepMinutes: 60,
        maxDaysAhead: 2,
        cutoffMinutes: 0,
      },
    },
  }))
})
afterAll(async () => {
  await app.close()
  await fcm.close()
})

describe('a scheduled order', () => {
  test("the customer's e-mail and pushes say Programado para, with the slot's Buenos Aires times", async () => {
    const c = await customerWithAddress(app)
    const token = 'fcm-scheduled-1'
    const device = await app.inject({
      method: 'POST',
      url: '/api/v1/push/devices',
      headers: { cookie: c.cookie, ...(await issuedDevice(app)) },
      payload: { deviceToken: token, devicePlatform: 'android' },
    })
    expect(device.statusCode).toBe(204)
    const checkoutId = await readyToConfirm(app, c, [{ variantId: shop.grasa._id, quantity: 1 }], {
      deliveryType: 'pickup',
      paymentMethod: 'cash',
      scheduledSlotStart: ba('2026-12-01T09:00'),
    })
    const confirmed = await app.inject({
      method: 'POST',
      url: `/api/v1/checkout/${checkoutId}/confirm`,
      headers: c.headers,
    })
    expect(confirmed.statusCode).toBe(200)
    const order = confirmed.json().order as { _id: string; number: number }

    // "mañana", "el martes" or "el 1/12", by how far the real day is: the date is always there.
    const mail = await lastEmailTo(app, c.data.email)
    const line = mail?.text.split('\n').find((l) => l.startsWith('Programado para '))
    expect(line).toMatch(/ 9:00–9:30/)
    expect(line).toMatch(/1\/12/)
    expect(mail?.html).toContain('Programado para ')

    const paid = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order._id}/mark-as-paid`,
      headers: shop.seller.headers,
    })
    expect(paid.statusCode).toBe(200)
    await app.outboxWorker.drain()
    const bodies = fcm.received.filter((m) => m.token === token).map((m) => m.notification.body)
    expect(bodies).toHaveLength(1)
    expect(bodies[0]).toMatch(/^Pago: Pagado · Programado para .*9:00–9:30$/)
  })

  test('the wording: a relative day carries its date, a far one is the date; ASAP says nothing', () => {
    const base = {
      id: 'o1',
      number: 1001,
      total: 700_000,
      deliveryType: 'pickup' as const,
      paymentMethod: 'cash' as const,
      contact: { email: 'lucia@example.com', firstName: 'Lucía' },
      paymentDetails: {},
    }
    const slot = {
      scheduledStart: new Date(ba('2026-12-01T09:00')),
      scheduledEnd: new Date(ba('2026-12-01T09:30')),
    }
    const write = (order: Parameters<typeof orderEmails>[0]['order'], now: string) =>
      orderEmails({
        order,
        store: { name: 'Panadería', email: 'pan@example.com' },
        items: [],
        publicUrl: 'https://barrio.example',
        now: new Date(ba(now)),
      })
    // 23:30 in Buenos Aires is already the next day in UTC: still "mañana" for the 1st.
    const lateMonday = write({ ...base, ...slot }, '2026-11-30T23:30')
    expect(lateMonday.customer.text).toContain('Programado para mañana 9:00–9:30 (1/12).')
    expect(lateMonday.store.text).toContain('Programado para mañana 9:00–9:30 (1/12).')
    const weekBefore = write({ ...base, ...slot }, '2026-11-20T10:00')
    expect(weekBefore.customer.text).toContain('Programado para el 1/12 9:00–9:30.')
    const asap = write({ ...base, scheduledStart: null, scheduledEnd: null }, '2026-11-30T23:30')
    expect(asap.customer.text).not.toContain('Programado')
  })
})
