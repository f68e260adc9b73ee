import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  customerWithAddress,
  readyToConfirm,
  shopForCheckout,
  setDailyHours,
  updateLogistics,
} from '../../../test/factories.ts'

// Issue 26: a customer at 21:00 on a Monday finds the bakery closed (it opens 09:00–13:00 every
// day) and schedules tomorrow's pickup; slots never overbook.
const ba = (local: string) => new Date(`${local}:00-03:00`).toISOString()
const PICKUP_SCHEDULING = {
  enabled: true,
  slotMinutes: 30,
  slotCapacity: 3,
  prepMinutes: 60,
  maxDaysAhead: 2,
  cutoffMinutes: 0,
}

let app: TestApp
let shop: Awaited<ReturnType<typeof shopForCheckout>>

beforeAll(async () => {
  app = await buildTestApp({ SCHEDULE_CLOCK_START: '2026-11-30T21:00:00-03:00' })
  shop = await shopForCheckout(app, { stock: 100 })
  await setDailyHours(app, shop.seller, [['09:00', '13:00']])
  const saved = await updateLogistics(app, shop.seller, (logistics) => ({
    ...logistics,
    scheduling: { ...logistics.scheduling, pickup: PICKUP_SCHEDULING },
  }))
  expect(saved.scheduling.pickup).toEqual(PICKUP_SCHEDULING)
})
afterAll(() => app.close())

type Customer = Awaited<ReturnType<typeof customerWithAddress>>

async function slots(c: Customer, checkoutId: string, query: string) {
  return app.inject({
    method: 'GET',
    url: `/api/v1/checkout/${checkoutId}/slots?${query}`,
    headers: c.headers,
  })
}

async function startCheckout(c: Customer) {
  await app.inject({
    method: 'POST',
    url: '/api/v1/cart/update',
    headers: c.headers,
    payload: { cartId: c.cartId, items: [{ variantId: shop.grasa._id, quantity: 1 }] },
  })
  const started = await app.inject({
    method: 'POST',
    url: '/api/v1/checkout',
    headers: c.headers,
    payload: { cartId: c.cartId, shippingAddressId: c.address._id },
  })
  return started.json().checkoutId as string
}

const confirm = (c: Customer, checkoutId: string) =>
  app.inject({ method: 'POST', url: `/api/v1/checkout/${checkoutId}/confirm`, headers: c.headers })

describe('scheduled orders', () => {
  test('the slots: inside the hours, after the preparation time, only the days offered', async () => {
    const c = await customerWithAddress(app)
    const checkoutId = await startCheckout(c)
    const tomorrow = await slots(c, checkoutId, 'date=2026-12-01&deliveryType=pickup')
    expect(tomorrow.statusCode).toBe(200)
    expect(tomorrow.json().days).toEqual(['2026-11-30', '2026-12-01', '2026-12-02'])
    const docs = tomorrow.json().docs as Array<{ start: string; end: string; remaining: number }>
    expect(docs.map((s) => s.start)).toEqual(
      ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30'].map((t) =>
        ba(`2026-12-01T${t}`),
      ),
    )
    expect(docs[0]).toEqual({
      start: ba('2026-12-01T09:00'),
      end: ba('2026-12-01T09:30'),
      remaining: 3,
    })
    // Today is over; three days ahead is past maxDaysAhead; delivery is not scheduled here.
    expect((await slots(c, checkoutId, 'date=2026-11-30&deliveryType=pickup')).json().docs).toEqual(
      [],
    )
    expect((await slots(c, checkoutId, 'date=2026-12-03&deliveryType=pickup')).json().docs).toEqual(
      [],
    )
    expect((await slots(c, checkoutId, 'date=2026-12-01&deliveryType=delivery')).json()).toEqual({
      docs: [],
      days: [],
    })
    // Bad input is a field error, not a 500.
    const bad = await slots(c, checkoutId, 'date=mañana&deliveryType=pickup')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0].name).toBe('date')
    // No delivery type chosen yet and none asked: say so.
    const noType = await slots(c, checkoutId, 'date=2026-12-01')
    expect(noType.statusCode).toBe(400)
    expect(noType.json().errors).toEqual([
      { name: 'deliveryType', message: 'Elegí retiro o envío a domicilio' },
    ])
  })

  test('closed now: "as soon as possible" is refused, a slot is taken and the order carries it', async () => {
    const c = await customerWithAddress(app)
    await expect(
      readyToConfirm(app, c, [{ variantId: shop.grasa._id, quantity: 1 }], {
        deliveryType: 'pickup',
        paymentMethod: 'cash',
      }),
    ).rejects.toThrow('El comercio está cerrado ahora: elegí una franja para más tarde.')

    const other = await customerWithAddress(app)
    const checkoutId = await readyToConfirm(
      app,
      other,
      [{ variantId: shop.grasa._id, quantity: 1 }],
      { deliveryType: 'pickup', paymentMethod: 'cash', scheduledSlotStart: ba('2026-12-01T10:00') },
    )
    const review = await app.inject({
      method: 'GET',
      url: `/api/v1/checkout/${checkoutId}/review`,
      headers: other.headers,
    })
    expect(review.json()).toMatchObject({
      canConfirm: true,
      blockers: [],
      scheduledFor: { start: ba('2026-12-01T10:00'), end: ba('2026-12-01T10:30') },
    })
    const confirmed = await confirm(other, checkoutId)
    expect(confirmed.statusCode).toBe(200)
    const order = confirmed.json().order
    expect(order.scheduledFor).toEqual({
      start: ba('2026-12-01T10:00'),
      end: ba('2026-12-01T10:30'),
    })
    // The seller sees the slot too.
    const seen = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/orders/${order._id}`,
      headers: shop.seller.headers,
    })
    expect(seen.json().scheduledFor).toEqual(order.scheduledFor)
    // And a slot that is not one of the shop's is refused at review.
    await expect(
      readyToConfirm(
        app,
        await customerWithAddress(app),
        [{ variantId: shop.grasa._id, quantity: 1 }],
        {
          deliveryType: 'pickup',
          paymentMethod: 'cash',
          scheduledSlotStart: ba('2026-12-01T10:10'),
        },
      ),
    ).rejects.toThrow('La franja elegida ya no está disponible: elegí otra.')
  })

  test('twenty customers racing for a slot of three: exactly three orders, the rest told the next free slots', async () => {
    const slot = ba('2026-12-02T09:00')
    const racers = await Promise.all(Array.from({ length: 20 }, () => customerWithAddress(app)))
    const checkouts: string[] = []
    for (const c of racers)
      checkouts.push(
        await readyToConfirm(app, c, [{ variantId: shop.grasa._id, quantity: 1 }], {
          deliveryType: 'pickup',
          paymentMethod: 'cash',
          scheduledSlotStart: slot,
        }),
      )
    const answers = await Promise.all(racers.map((c, i) => confirm(c, checkouts[i]!)))
    const codes = answers.map((a) => a.statusCode)
    expect(codes.filter((s) => s === 200)).toHaveLength(3)
    expect(codes.filter((s) => s === 409)).toHaveLength(17)
    const refused = answers.find((a) => a.statusCode === 409)!.json()
    expect(refused.code).toBe('CONFLICT')
    expect(refused.message).toBe(
      'Esa franja se llenó. Próximas libres: el miércoles 9:30–10:00, el miércoles 10:00–10:30, el miércoles 10:30–11:00.',
    )
    expect(refused.errors).toEqual([{ name: 'scheduledSlotStart', message: refused.message }])

    // The full slot is no longer offered; a cancelled order frees its place.
    const viewer = racers[0]!
    const list = async () =>
      (
        (
          await slots(viewer, await startCheckout(viewer), 'date=2026-12-02&deliveryType=pickup')
        ).json().docs as Array<{ start: string; remaining: number }>
      ).find((s) => s.start === slot)
    expect(await list()).toBeUndefined()
    const winner = answers.findIndex((a) => a.statusCode === 200)
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/v1/orders/${answers[winner]!.json().order._id}/cancel`,
      headers: racers[winner]!.headers,
      payload: {},
    })
    expect(cancelled.statusCode).toBe(200)
    expect(await list()).toEqual({ start: slot, end: ba('2026-12-02T09:30'), remaining: 1 })
  })
})
