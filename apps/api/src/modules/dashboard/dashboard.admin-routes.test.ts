import type { AdminDashboard, DashboardStores } from '@barrio/contracts/admin-dashboard'
import { eq } from 'drizzle-orm'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { orders } from '../../db/schema/ordering.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  confirmOrder,
  customerWithAddress,
  shopForCheckout,
  signedInSeller,
  teamMember,
} from '../../../test/factories.ts'
import { multipart, pngImage } from '../../../test/images.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.close()
})

type Shop = Awaited<ReturnType<typeof shopForCheckout>>
type Choice = { deliveryType: 'pickup' | 'delivery'; paymentMethod: 'cash' | 'bank_transfer' }

/** A customer orders through the real checkout; answers the order's id and total. */
async function placeOrder(
  shop: Shop,
  choice: Choice = { deliveryType: 'pickup', paymentMethod: 'cash' },
  quantity = 1,
) {
  const customer = await customerWithAddress(app)
  const { response } = await confirmOrder(
    app,
    customer,
    [{ variantId: shop.manteca._id, quantity }],
    choice,
  )
  expect(response.statusCode, response.body).toBe(200)
  const { order } = response.json() as { order: { _id: string; total: number } }
  return { id: order._id, total: order.total }
}

/** Moves an order to an instant (the checkout stamps "now"). */
async function placedAt(id: string, iso: string) {
  await app.db
    .update(orders)
    .set({ createdAt: new Date(iso) })
    .where(eq(orders.id, id))
}

async function dashboard(shop: Shop, date?: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/admin/dashboard${date ? `?date=${date}` : ''}`,
    headers: shop.seller.headers,
  })
  expect(res.statusCode).toBe(200)
  return res.json() as AdminDashboard
}

async function fulfillmentEvent(shop: Shop, id: string, newEvent?: string) {
  const res = await app.inject({
    method: 'POST',
    url: newEvent
      ? `/api/v1/admin/orders/${id}/fulfillment-event`
      : `/api/v1/admin/orders/${id}/fulfill`,
    headers: shop.seller.headers,
    ...(newEvent ? { payload: { newEvent } } : {}),
  })
  expect(res.statusCode, res.body).toBe(200)
}

describe('GET /admin/dashboard', () => {
  test("today's and last week's figures add up the orders of those Buenos Aires days", async () => {
    const shop = await shopForCheckout(app, { stock: 1000 })
    // 2026-03-18 is a Wednesday; 2026-03-11 the Wednesday before.
    const first = await placeOrder(shop, { deliveryType: 'pickup', paymentMethod: 'cash' }, 1)
    const last = await placeOrder(shop, { deliveryType: 'pickup', paymentMethod: 'cash' }, 2)
    const dayBefore = await placeOrder(shop, { deliveryType: 'pickup', paymentMethod: 'cash' }, 3)
    const cancelled = await placeOrder(shop, { deliveryType: 'pickup', paymentMethod: 'cash' }, 4)
    const refunded = await placeOrder(shop, { deliveryType: 'pickup', paymentMethod: 'cash' }, 5)
    const lastWeek = await placeOrder(shop, { deliveryType: 'pickup', paymentMethod: 'cash' }, 6)
    const lastWeekNextDay = await placeOrder(shop, {
      deliveryType: 'pickup',
      paymentMethod: 'cash',
    })
    await placedAt(first.id, '2026-03-18T00:00:00-03:00')
    await placedAt(last.id, '2026-03-18T23:59:59.999-03:00')
    // 02:59 UTC on the 18th is still the 17th in Buenos Aires.
    await placedAt(dayBefore.id, '2026-03-18T02:59:59.999Z')
    await placedAt(cancelled.id, '2026-03-18T12:00:00-03:00')
    await placedAt(refunded.id, '2026-03-18T13:00:00-03:00')
    await placedAt(lastWeek.id, '2026-03-11T00:00:00-03:00')
    await placedAt(lastWeekNextDay.id, '2026-03-12T00:00:00-03:00')
    await app.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.id))
    // Refunded in full: the refunded amount is the total (decision 025).
    await app.db
      .update(orders)
      .set({ paymentStatus: 'refunded', refundedAmount: refunded.total })
      .where(eq(orders.id, refunded.id))

    const d = await dashboard(shop, '2026-03-18')
    expect(d.today).toEqual({
      date: '2026-03-18',
      sales: first.total + last.total,
      // The refunded order was an order; its money went back.
      orders: 3,
    })
    expect(d.lastWeek).toEqual({ date: '2026-03-11', sales: lastWeek.total, orders: 1 })
    // The day before holds exactly the order placed at 02:59 UTC.
    const before = await dashboard(shop, '2026-03-17')
    expect(before.today).toEqual({ date: '2026-03-17', sales: dayBefore.total, orders: 1 })
  })

  test('counts the orders waiting at each step and the payments to confirm', async () => {
    const shop = await shopForCheckout(app, { stock: 1000 })
    const fresh = await placeOrder(shop, { deliveryType: 'pickup', paymentMethod: 'cash' })
    const preparing = await placeOrder(shop, {
      deliveryType: 'delivery',
      paymentMethod: 'bank_transfer',
    })
    const ready = await placeOrder(shop, { deliveryType: 'pickup', paymentMethod: 'cash' })
    const onItsWay = await placeOrder(shop, { deliveryType: 'delivery', paymentMethod: 'cash' })
    const done = await placeOrder(shop, { deliveryType: 'pickup', paymentMethod: 'cash' })
    await fulfillmentEvent(shop, preparing.id)
    for (const id of [ready.id, done.id]) {
      await fulfillmentEvent(shop, id)
      await fulfillmentEvent(shop, id, 'ready_for_pickup')
    }
    await fulfillmentEvent(shop, done.id, 'picked_up')
    await fulfillmentEvent(shop, onItsWay.id)
    await fulfillmentEvent(shop, onItsWay.id, 'out_for_delivery')
    const paid = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${ready.id}/mark-as-paid`,
      headers: shop.seller.headers,
    })
    expect(paid.statusCode).toBe(200)

    const d = await dashboard(shop)
    expect(d.waiting).toEqual({ toPrepare: 2, readyForPickup: 1, outForDelivery: 1 })
    // fresh, preparing, onItsWay and done are unpaid, but done is completed.
    expect(d.paymentsToConfirm).toBe(3)
    expect(d.latestOrders.map((o) => o._id)).toEqual(
      expect.arrayContaining([fresh.id, preparing.id, ready.id, onItsWay.id, done.id]),
    )
    expect(d.latestOrders).toHaveLength(5)
    expect(d.latestOrders[0]).toMatchObject({ currency: 'ARS', customerName: expect.any(String) })
  })

  test("counts low and out-of-stock variants under the store's alert threshold", async () => {
    const shop = await shopForCheckout(app, { stock: 1000 })
    const adjust = (variantId: string, quantity: number) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/admin/inventory/adjust',
        headers: shop.seller.headers,
        payload: { variantId, quantity },
      })
    let d = await dashboard(shop)
    expect(d.lowStock).toEqual({ variants: 0, outOfStock: 0, threshold: 3 })
    expect((await adjust(shop.manteca._id, 0)).statusCode).toBe(200)
    expect((await adjust(shop.grasa._id, 3)).statusCode).toBe(200)
    d = await dashboard(shop)
    expect(d.lowStock).toEqual({ variants: 2, outOfStock: 1, threshold: 3 })
    expect((await adjust(shop.grasa._id, 4)).statusCode).toBe(200)
    d = await dashboard(shop)
    expect(d.lowStock).toEqual({ variants: 1, outOfStock: 1, threshold: 3 })
  })

  test('the first-day checklist ticks itself as the seller sets the store up', async () => {
    const seller = await signedInSeller(app, { isOpen: false, deliveryTypes: ['pickup'] })
    const get = async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/v1/admin/dashboard',
        headers: seller.headers,
      })
      expect(res.statusCode).toBe(200)
      return (res.json() as AdminDashboard).checklist
    }
    expect(await get()).toEqual({
      productWithPhoto: false,
      deliveryConfigured: false,
      paymentMethodsChosen: false,
      storeOpen: false,
    })

    const product = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/admin/products',
        headers: seller.headers,
        payload: {
          title: 'Pan',
          status: 'active',
          options: [],
          variants: [{ options: {}, price: 100000, stock: 5 }],
        },
      })
    ).json() as { _id: string }
    expect((await get()).productWithPhoto).toBe(false)
    const image = multipart([{ filename: 'pan.png', data: await pngImage() }])
    const upload = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/products/${product._id}/media`,
      headers: { ...seller.headers, ...image.headers },
      payload: image.payload,
    })
    expect(upload.statusCode, upload.body).toBeLessThan(300)
    expect((await get()).productWithPhoto).toBe(true)

    const method = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/store_settings_payment_methods',
      headers: seller.headers,
      payload: { method: 'cash', details: { onPickup: true, onDelivery: true } },
    })
    expect(method.statusCode).toBe(200)
    expect((await get()).paymentMethodsChosen).toBe(true)

    const logistics = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/store_settings_logistics',
      headers: seller.headers,
      payload: {
        pickup: { enabled: true, address: 'Gorriti 4800', preparationMinutes: 15 },
        delivery: { enabled: false, radiusKm: 3, fee: { type: 'flat', amount: 0 } },
        shipping: { enabled: false, provinces: [], estimatedDays: 3 },
      },
    })
    expect(logistics.statusCode, logistics.body).toBe(200)
    expect((await get()).deliveryConfigured).toBe(true)

    const open = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/stores/${seller.store._id}/toggle-open`,
      headers: seller.headers,
      payload: { isOpen: true },
    })
    expect(open.statusCode, open.body).toBe(200)
    expect(await get()).toEqual({
      productWithPhoto: true,
      deliveryConfigured: true,
      paymentMethodsChosen: true,
      storeOpen: true,
    })
  })

  test("another store's id answers 403, the seller's own stores one line each", async () => {
    const shop = await shopForCheckout(app, { stock: 1000 })
    const other = await signedInSeller(app)
    const refused = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/dashboard',
      headers: { cookie: other.cookie, 'x-store-id': shop.seller.store._id },
    })
    expect(refused.statusCode).toBe(403)

    const second = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/stores',
      headers: { cookie: shop.seller.cookie },
      payload: {
        ...(await import('../../../test/factories.ts')).storeInput(`segunda-${Date.now()}`),
        name: 'Segunda tienda',
      },
    })
    expect(second.statusCode).toBe(201)
    const placed = await placeOrder(shop)
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/dashboard/stores',
      headers: { cookie: shop.seller.cookie },
    })
    expect(res.statusCode).toBe(200)
    const data = res.json() as DashboardStores
    expect(Array.isArray(data)).toBe(true)
    expect(data).toHaveLength(2)
    const first = data.find((s) => s._id === shop.seller.store._id)!
    expect(first.today).toMatchObject({ sales: placed.total, orders: 1 })
    expect(first.waiting).toBe(1)
    expect(data.find((s) => s.name === 'Segunda tienda')).toMatchObject({
      waiting: 0,
      today: { sales: 0, orders: 0 },
    })
  })
})

/** Puts an order in a slot (Buenos Aires wall times, -03:00), as a scheduled checkout does. */
async function scheduledAt(id: string, start: string, end: string) {
  await app.db
    .update(orders)
    .set({ scheduledStart: new Date(`${start}-03:00`), scheduledEnd: new Date(`${end}-03:00`) })
    .where(eq(orders.id, id))
}

describe('"Para hoy, por franja" (issue 26)', () => {
  test("groups today's scheduled orders by slot, by the schedule clock's day", async () => {
    // The test clock reads Monday 2026-11-30 18:00 in Buenos Aires (build-test-app.ts).
    const shop = await shopForCheckout(app, { stock: 1000 })
    const asap = await placeOrder(shop)
    const early = await placeOrder(shop)
    const alsoEarly = await placeOrder(shop)
    const late = await placeOrder(shop)
    const tomorrow = await placeOrder(shop)
    const cancelled = await placeOrder(shop)
    await scheduledAt(alsoEarly.id, '2026-11-30T19:00', '2026-11-30T19:30')
    await scheduledAt(early.id, '2026-11-30T19:00', '2026-11-30T19:30')
    await scheduledAt(late.id, '2026-11-30T20:30', '2026-11-30T21:00')
    await scheduledAt(tomorrow.id, '2026-12-01T09:00', '2026-12-01T09:30')
    await scheduledAt(cancelled.id, '2026-11-30T19:00', '2026-11-30T19:30')
    await app.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.id))
    const numbers = new Map<string, number>()
    for (const o of (await dashboard(shop)).latestOrders) numbers.set(o._id, o.number)

    const { slots, slotsDate } = await dashboard(shop)
    expect(slotsDate).toBe('2026-11-30')
    expect(slots).toEqual([
      {
        start: '2026-11-30T22:00:00.000Z',
        end: '2026-11-30T22:30:00.000Z',
        count: 2,
        orders: [early, alsoEarly]
          .map((o) => ({ _id: o.id, number: numbers.get(o.id)! }))
          .sort((a, b) => a.number - b.number),
      },
      {
        start: '2026-11-30T23:30:00.000Z',
        end: '2026-12-01T00:00:00.000Z',
        count: 1,
        orders: [{ _id: late.id, number: numbers.get(late.id)! }],
      },
    ])
    expect(JSON.stringify(slots)).not.toContain(asap.id)
    // Another day asked for shows that day's slots.
    const next = await dashboard(shop, '2026-12-01')
    expect(next.slotsDate).toBe('2026-12-01')
    expect(next.slots.map((s) => s.orders.map((o) => o._id))).toEqual([[tomorrow.id]])
  })

  test('a store with no scheduled orders today has no slots', async () => {
    const shop = await shopForCheckout(app, { stock: 1000 })
    await placeOrder(shop)
    expect((await dashboard(shop)).slots).toEqual([])
  })
})

describe('staff see no statistics (decision 029, issue 30)', () => {
  test("a staff member's dashboard and store line have the orders but not the sales", async () => {
    const shop = await shopForCheckout(app, { stock: 1000 })
    const placed = await placeOrder(shop)
    const staff = await teamMember(app, shop.seller, 'staff')
    const manager = await teamMember(app, shop.seller, 'manager')
    const home = async (headers: Record<string, string>) => {
      const res = await app.inject({ method: 'GET', url: '/api/v1/admin/dashboard', headers })
      expect(res.statusCode, res.body).toBe(200)
      return res.json() as AdminDashboard
    }
    const forStaff = await home(staff.headers)
    expect(forStaff.today).toMatchObject({ sales: null, orders: 1 })
    expect(forStaff.lastWeek.sales).toBeNull()
    // What waits and the latest orders are their work: still there.
    expect(forStaff.waiting.toPrepare).toBe(1)
    expect(forStaff.latestOrders.map((o) => o._id)).toEqual([placed.id])
    expect((await home(manager.headers)).today).toMatchObject({ sales: placed.total, orders: 1 })

    const lines = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/dashboard/stores',
      headers: { cookie: staff.cookie },
    })
    expect(lines.statusCode, lines.body).toBe(200)
    const [line] = lines.json() as DashboardStores
    expect(line).toMatchObject({ _id: shop.seller.store._id, today: { sales: null, orders: 1 } })
  })
})

describe('GET /admin/dashboard/stores/:storeId/events', () => {
  test("announces a new order of that store only, and refuses another seller's store", async () => {
    const shop = await shopForCheckout(app, { stock: 1000 })
    const otherShop = await shopForCheckout(app, { stock: 1000 })
    const refused = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/dashboard/stores/${shop.seller.store._id}/events`,
      headers: { cookie: otherShop.seller.cookie },
    })
    expect(refused.statusCode).toBe(403)

    // A real socket: inject would wait for the end of a stream that never ends.
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as AddressInfo
    const received: string[] = []
    let opened!: () => void
    const isOpen = new Promise<void>((resolve) => (opened = resolve))
    let gotEvent!: () => void
    const hasEvent = new Promise<void>((resolve) => (gotEvent = resolve))
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: `/api/v1/admin/dashboard/stores/${shop.seller.store._id}/events`,
        headers: { cookie: shop.seller.cookie },
      },
      (res) => {
        expect(res.headers['content-type']).toContain('text/event-stream')
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          received.push(chunk)
          if (chunk.includes(': open')) opened()
          if (chunk.includes('event: order')) gotEvent()
        })
      },
    )
    await isOpen
    // An order in another store first: it must not reach this stream.
    const elsewhere = await placeOrder(otherShop)
    const mine = await placeOrder(shop)
    await hasEvent
    req.destroy()
    const events = received
      .join('')
      .split('\n\n')
      .filter((block) => block.startsWith('event: order'))
      .map((block) => JSON.parse(block.split('data: ')[1]!) as { type: string; orderId: string })
    expect(events).toEqual([{ type: 'order.created', orderId: mine.id }])
    expect(received.join('')).not.toContain(elsewhere.id)
  })
})
