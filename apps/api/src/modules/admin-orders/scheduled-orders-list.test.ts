import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  customerWithAddress,
  readyToConfirm,
  shopForCheckout,
  setDailyHours,
  updateLogistics,
} from '../../../test/factories.ts'

// Issue 26: the seller's order list sorts by slot and shows one Buenos Aires day of slots. The
// schedule clock is a Monday at 21:00; the shop opens 09:00–13:00 and 22:00–23:30, so a 22:30
// slot is already the next day in UTC but still the same day in Buenos Aires.
const ba = (local: string) => new Date(`${local}:00-03:00`).toISOString()

let app: TestApp
let shop: Awaited<ReturnType<typeof shopForCheckout>>
const numbers: Record<string, number> = {}

async function place(name: string, slot?: string) {
  const c = await customerWithAddress(app)
  const checkoutId = await readyToConfirm(app, c, [{ variantId: shop.grasa._id, quantity: 1 }], {
    deliveryType: 'pickup',
    paymentMethod: 'cash',
    ...(slot ? { scheduledSlotStart: ba(slot) } : {}),
  })
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/checkout/${checkoutId}/confirm`,
    headers: c.headers,
  })
  expect(res.statusCode).toBe(200)
  numbers[name] = res.json().order.number as number
}

beforeAll(async () => {
  app = await buildTestApp({ SCHEDULE_CLOCK_START: '2026-11-30T21:00:00-03:00' })
  shop = await shopForCheckout(app, { stock: 100 })
  await setDailyHours(app, shop.seller, [
    ['09:00', '13:00'],
    ['22:00', '23:30'],
  ])
  await updateLogistics(app, shop.seller, (logistics) => ({
    ...logistics,
    // Closed at 21:00: an order for as soon as possible is taken and prepared at the opening.
    ordersWhenClosed: true,
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
  // Placed out of slot order, so that neither the number nor the date explains the sort.
  await place('tueLate', '2026-12-01T22:00')
  await place('asap')
  await place('wed', '2026-12-02T09:00')
  await place('monLate', '2026-11-30T22:30')
  await place('tueMorning', '2026-12-01T09:00')
})
afterAll(() => app.close())

const list = (query: string) =>
  app.inject({
    method: 'GET',
    url: `/api/v1/admin/orders?limit=100&${query}`,
    headers: shop.seller.headers,
  })
const order = (names: string[]) => names.map((n) => numbers[n])
const numbersOf = (docs: Array<{ number: number }>) => docs.map((d) => d.number)

describe("the seller's orders by slot", () => {
  test('sorted by slot either way, unscheduled orders last; each row carries its slot', async () => {
    const earliest = await list('sort=scheduledFor')
    expect(earliest.statusCode).toBe(200)
    expect(numbersOf(earliest.json().docs)).toEqual(
      order(['monLate', 'tueMorning', 'tueLate', 'wed', 'asap']),
    )
    const latest = await list('sort=-scheduledFor')
    expect(numbersOf(latest.json().docs)).toEqual(
      order(['wed', 'tueLate', 'tueMorning', 'monLate', 'asap']),
    )
    const rows = earliest.json().docs as Array<{ number: number; scheduledFor: unknown }>
    expect(rows[0]!.scheduledFor).toEqual({
      start: ba('2026-11-30T22:30'),
      end: ba('2026-11-30T23:00'),
    })
    expect(rows.at(-1)!.scheduledFor).toBeNull()
  })

  test('scheduledDay is a Buenos Aires day: a 22:30 slot belongs to its own evening', async () => {
    const tuesday = await list('scheduledDay=2026-12-01&sort=scheduledFor')
    expect(tuesday.statusCode).toBe(200)
    expect(numbersOf(tuesday.json().docs)).toEqual(order(['tueMorning', 'tueLate']))
    expect(tuesday.json().totalDocs).toBe(2)
    const monday = await list('scheduledDay=2026-11-30')
    expect(numbersOf(monday.json().docs)).toEqual(order(['monLate']))
    // With the JSON filter too; a day without slots is an empty page.
    const filtered = await list(
      `scheduledDay=2026-12-02&query=${encodeURIComponent(JSON.stringify({ deliveryType: 'delivery' }))}`,
    )
    expect(filtered.json().docs).toEqual([])
    expect((await list('scheduledDay=2026-12-05')).json().totalDocs).toBe(0)
  })

  test('a day that is not one is a field error, not a 500', async () => {
    for (const day of ['2026-02-30', 'mañana', '1999-12-31']) {
      const bad = await list(`scheduledDay=${encodeURIComponent(day)}`)
      expect(bad.statusCode).toBe(400)
      expect(bad.json().code).toBe('INVALID')
      expect(bad.json().errors[0].name).toBe('scheduledDay')
    }
    expect((await list('sort=slot')).statusCode).toBe(400)
  })
})
