import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { orders } from '../../db/schema/ordering.ts'
import { outbox } from '../../db/schema/outbox.ts'
import { stores } from '../../db/schema/stores.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  confirmOrder,
  customerWithAddress,
  issuedDevice,
  shopForCheckout,
  updateLogistics,
} from '../../../test/factories.ts'

// Issue 26: the store is reminded `prepMinutes` before a scheduled order's slot, once. The test
// clock reads Monday 2026-11-30 18:00 in Buenos Aires (build-test-app.ts); `send(at)` runs the
// sweep as if the schedule clock read `at`.
const ba = (local: string) => new Date(`${local}:00-03:00`)

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

type Shop = Awaited<ReturnType<typeof shopForCheckout>>

async function scheduledOrder(
  shop: Shop,
  deliveryType: 'pickup' | 'delivery',
  start: string,
  end: string,
) {
  const customer = await customerWithAddress(app)
  const { response } = await confirmOrder(
    app,
    customer,
    [{ variantId: shop.manteca._id, quantity: 1 }],
    { deliveryType, paymentMethod: 'cash' },
  )
  expect(response.statusCode, response.body).toBe(200)
  const id = (response.json() as { order: { _id: string } }).order._id
  // As a scheduled checkout writes it (the slot itself is checkout's business).
  const [row] = await app.db
    .update(orders)
    .set({ scheduledStart: ba(start), scheduledEnd: ba(end) })
    .where(eq(orders.id, id))
    .returning({ number: orders.number })
  return { id, number: row!.number }
}

/** The reminder e-mails queued for an address about some orders (every test shop shares one). */
async function remindersTo(to: string, orderIds: string[]) {
  const rows = await app.db
    .select()
    .from(outbox)
    .where(eq(outbox.kind, 'email'))
    .orderBy(outbox.createdAt)
  return rows
    .map((r) => r.payload as { to: string; subject: string; text: string })
    .filter(
      (m) =>
        m.to === to &&
        m.subject.startsWith('Recordatorio: pedido #') &&
        orderIds.some((id) => m.text.includes(`/admin/orders/${id}`)),
    )
}

describe('slot reminders (issue 26)', () => {
  test('prepMinutes before the slot, by delivery type, exactly once; none for a cancelled order', async () => {
    const shop = await shopForCheckout(app, { stock: 100 })
    await updateLogistics(app, shop.seller, (logistics) => ({
      ...logistics,
      scheduling: {
        pickup: { ...logistics.scheduling.pickup, prepMinutes: 45 },
        delivery: { ...logistics.scheduling.delivery, prepMinutes: 90 },
      },
    }))
    const [store] = await app.db
      .select({ email: stores.email })
      .from(stores)
      .where(eq(stores.id, shop.seller.store._id))
    const to = store!.email!

    // Pickup 19:30–20:00 with 45 minutes: due 18:45. Delivery 20:00–20:30 with 90: due 18:30.
    const pickup = await scheduledOrder(shop, 'pickup', '2026-11-30T19:30', '2026-11-30T20:00')
    const delivery = await scheduledOrder(shop, 'delivery', '2026-11-30T20:00', '2026-11-30T20:30')
    const cancelled = await scheduledOrder(shop, 'pickup', '2026-11-30T19:00', '2026-11-30T19:30')
    await app.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.id))
    const ids = [pickup.id, delivery.id, cancelled.id]

    // The schedule clock's own now (18:00) and a minute before the first one: nothing yet.
    expect(await app.slotReminders.send()).toBe(0)
    expect(await app.slotReminders.send(ba('2026-11-30T18:29'))).toBe(0)
    expect(await remindersTo(to, ids)).toEqual([])

    expect(await app.slotReminders.send(ba('2026-11-30T18:30'))).toBe(1)
    let mails = await remindersTo(to, ids)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toContain(`#${delivery.number}`)
    expect(mails[0]!.text).toContain(
      `el pedido #${delivery.number} está programado para hoy 20:00–20:30`,
    )
    expect(mails[0]!.text).toContain(`/admin/orders/${delivery.id}`)

    expect(await app.slotReminders.send(ba('2026-11-30T18:44'))).toBe(0)
    expect(await app.slotReminders.send(ba('2026-11-30T18:50'))).toBe(1)
    mails = await remindersTo(to, ids)
    expect(mails).toHaveLength(2)
    expect(mails[1]!.text).toContain(
      `el pedido #${pickup.number} está programado para hoy 19:30–20:00`,
    )

    // Later runs send nothing more, and the cancelled order never got one.
    expect(await app.slotReminders.send(ba('2026-11-30T19:10'))).toBe(0)
    expect(await remindersTo(to, ids)).toHaveLength(2)
    expect(JSON.stringify(await remindersTo(to, ids))).not.toContain(`#${cancelled.number}`)
  })

  test("follows the store's notification settings: e-mail off and push on sends a push only", async () => {
    const shop = await shopForCheckout(app, { stock: 100 })
    const device = await app.inject({
      method: 'POST',
      url: '/api/v1/push/devices',
      headers: { cookie: shop.seller.cookie, ...(await issuedDevice(app)) },
      payload: { deviceToken: 'fcm-slot-reminder-1', devicePlatform: 'android' },
    })
    expect(device.statusCode).toBe(204)
    // A client that knows only this event saves it; the others read as a new store's.
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/store_settings_notifications',
      headers: shop.seller.headers,
      payload: { events: { slot_reminder: { email: false, push: true } } },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const read = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/store_settings_notifications',
      headers: shop.seller.headers,
    })
    expect(read.json().events).toMatchObject({
      order_placed: { email: true, push: false },
      slot_reminder: { email: false, push: true },
    })
    const [store] = await app.db
      .select({ email: stores.email })
      .from(stores)
      .where(eq(stores.id, shop.seller.store._id))
    // Default pickup preparation (60 minutes): 21:00–21:30 is due at 20:00.
    const order = await scheduledOrder(shop, 'pickup', '2026-11-30T21:00', '2026-11-30T21:30')

    expect(await app.slotReminders.send(ba('2026-11-30T20:00'))).toBe(1)
    expect(await remindersTo(store!.email!, [order.id])).toEqual([])
    const pushes = (await app.db.select().from(outbox).where(eq(outbox.kind, 'push')))
      .map((r) => r.payload as { token: string; title: string; body: string })
      .filter((p) => p.token === 'fcm-slot-reminder-1')
    expect(pushes).toEqual([
      expect.objectContaining({
        title: `Recordatorio de pedido programado: #${order.number}`,
        body: 'Programado para hoy 21:00–21:30: es hora de prepararlo.',
      }),
    ])
  })
})
