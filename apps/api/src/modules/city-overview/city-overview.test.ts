// The city at a glance (issue 24, decision 048): GET /api/v1/operator/overview answers the seller
// analytics' figures over every store. Orders are placed through checkout, cancelled and refunded
// through the seller API, then dated (checkout stamps now); the test computes every figure from
// what it placed (and the commission arithmetic of decision 045), never from the API's SQL.
import { addDays } from '@barrio/contracts/analytics'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { orders } from '../../db/schema/ordering.ts'
import { stores } from '../../db/schema/stores.ts'
import { buenosAiresDay } from '../../lib/buenos-aires-day.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  confirmOrder,
  customerWithAddress,
  shopForCheckout,
  signedInCustomer,
  signedInOperator,
  signedInSeller,
} from '../../../test/factories.ts'
import { commissionOf, commissionRefundedOf } from '../commissions/commission-arithmetic.ts'

let app: TestApp
let operator: string

type Shop = Awaited<ReturnType<typeof shopForCheckout>>
type Customer = Awaited<ReturnType<typeof customerWithAddress>>
type Place = { key: string; city: string; provinceCode: string; category: string; rateBp: number }

/** What the test knows of an order it placed, read back through the seller's order view. */
type Placed = {
  store: string
  customer: string
  at: Date
  status: string
  total: number
  refundedAmount: number
  /** The commission recorded at placement: the store's rate on the subtotal (decision 045). */
  placedCommission: number
  /** The commission the order carries: at placement minus what refunds took back. */
  commission: number
}

beforeAll(async () => {
  app = await buildTestApp()
  operator = (await signedInOperator(app)).cookie
}, 60_000)
afterAll(() => app.close())

const overview = (query = '', cookie = operator) =>
  app.inject({
    method: 'GET',
    url: `/api/v1/operator/overview${query ? `?${query}` : ''}`,
    headers: cookie ? { cookie } : {},
  })

/** The Buenos Aires calendar day of an instant, by the platform's time-zone database. */
const baDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(at)

/**
 * Places an order of Manteca (6000,00 each) for pickup, then pays, refunds or cancels it through
 * the seller API and moves its creation time to `at`.
 */
async function place(
  shop: Shop,
  where: Place,
  opts: {
    at: string
    quantity?: number
    customer?: Customer
    cancel?: boolean
    refunds?: Array<{ amount: number } | Record<string, never>>
  },
): Promise<Placed> {
  const customer = opts.customer ?? (await customerWithAddress(app))
  const { response } = await confirmOrder(
    app,
    customer,
    [{ variantId: shop.manteca._id, quantity: opts.quantity ?? 1 }],
    { deliveryType: 'pickup', paymentMethod: 'cash' },
  )
  expect(response.statusCode, response.body).toBe(200)
  const id = (response.json().order as { _id: string })._id
  const seller = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api/v1/admin/orders/${id}${url}`,
      headers: shop.seller.headers,
      ...(payload ? { payload } : {}),
    })
  if (opts.refunds?.length) expect((await seller('POST', '/mark-as-paid')).statusCode).toBe(200)
  for (const refund of opts.refunds ?? []) {
    const res = await seller('POST', '/refund', refund)
    expect(res.statusCode, res.body).toBe(200)
  }
  if (opts.cancel) expect((await seller('PUT', '', { status: 'cancelled' })).statusCode).toBe(200)
  const at = new Date(opts.at)
  await app.db.update(orders).set({ createdAt: at }).where(eq(orders.id, id))
  const read = (await seller('GET', '')).json() as {
    status: string
    subtotal: number
    total: number
    refundedAmount: number
  }
  const placedCommission = commissionOf(read.subtotal, where.rateBp)
  return {
    store: where.key,
    customer: customer.user._id,
    at,
    status: read.status,
    total: read.total,
    refundedAmount: read.refundedAmount,
    placedCommission,
    commission:
      read.status === 'cancelled'
        ? 0
        : placedCommission -
          commissionRefundedOf(placedCommission, read.refundedAmount, read.total),
  }
}

type Sums = { gmv: number; orders: number; commission: number; cancelled: number }

/** The four figures of a set of orders, summed here. */
function sums(list: Placed[]): Sums {
  const kept = list.filter((o) => o.status !== 'cancelled')
  return {
    gmv: kept.reduce((s, o) => s + Math.max(o.total - o.refundedAmount, 0), 0),
    orders: kept.length,
    commission: kept.reduce((s, o) => s + o.commission, 0),
    cancelled: list.length - kept.length,
  }
}

describe('the figures of the city', () => {
  const FROM = '2026-03-01'
  const TO = '2026-03-07'
  // Default 8 %, bakeries 5 % (decision 045: the category's rate over the default).
  const palermo: Place = {
    key: 'palermo',
    city: 'CABA',
    provinceCode: 'C',
    category: 'almacen',
    rateBp: 800,
  }
  const laPlata: Place = {
    key: 'la-plata',
    city: 'La Plata',
    provinceCode: 'B',
    category: 'panaderia',
    rateBp: 500,
  }
  const quilmes: Place = {
    key: 'quilmes',
    city: 'Quilmes',
    provinceCode: 'B',
    category: 'almacen',
    rateBp: 800,
  }
  const shops: Record<string, Shop> = {}
  const places = [palermo, laPlata, quilmes]
  let placed: Placed[]
  let lateStore: string

  const inRange = (list: Placed[]) => list.filter((o) => baDay(o.at) >= FROM && baDay(o.at) <= TO)

  beforeAll(async () => {
    const rates = await app.inject({
      method: 'PUT',
      url: '/api/v1/operator/commissions',
      headers: { cookie: operator },
      payload: { defaultRateBp: 800, byCategory: { panaderia: 500 }, byStore: [] },
    })
    expect(rates.statusCode, rates.body).toBe(200)
    for (const where of places) {
      const shop = await shopForCheckout(app, { stock: 1000 })
      // The overview reads each store's place and category as they are now.
      await app.db
        .update(stores)
        .set({
          city: where.city,
          provinceCode: where.provinceCode,
          category: where.category,
          createdAt: new Date('2026-01-15T12:00:00-03:00'),
        })
        .where(eq(stores.id, shop.seller.store._id))
      shops[where.key] = shop
    }
    const regular = await customerWithAddress(app)
    const cancelledFirst = await customerWithAddress(app)
    const p = (where: Place, opts: Parameters<typeof place>[2]) =>
      place(shops[where.key]!, where, opts)
    placed = [
      // Before the range: the regular's first order; another buyer's only order was cancelled.
      await p(laPlata, { at: '2026-02-27T10:00:00-03:00', customer: regular }),
      await p(palermo, { at: '2026-02-25T10:00:00-03:00', customer: cancelledFirst, cancel: true }),
      // 23:59:59 on the 28th in Buenos Aires is already March 1st in UTC: February.
      await p(laPlata, { at: '2026-03-01T02:59:59Z', quantity: 2 }),
      // In the range.
      await p(laPlata, { at: '2026-03-01T00:00:00-03:00', quantity: 4 }),
      await p(palermo, { at: '2026-03-01T09:15:00-03:00', quantity: 3, customer: regular }),
      await p(palermo, {
        at: '2026-03-03T20:00:00-03:00',
        quantity: 2,
        refunds: [{ amount: 100_000 }],
      }),
      await p(quilmes, { at: '2026-03-02T12:00:00-03:00', customer: cancelledFirst }),
      await p(laPlata, { at: '2026-03-04T15:00:00-03:00', quantity: 5, refunds: [{}] }),
      await p(palermo, { at: '2026-03-05T11:00:00-03:00', quantity: 4, cancel: true }),
      await p(laPlata, { at: '2026-03-06T18:00:00-03:00', customer: regular }),
      // 23:30 on the 7th in Buenos Aires (02:30 UTC on the 8th): the 7th.
      await p(palermo, { at: '2026-03-08T02:30:00Z', quantity: 6 }),
      // 00:30 on the 8th in Buenos Aires: after the range.
      await p(palermo, { at: '2026-03-08T03:30:00Z', quantity: 7 }),
    ]
    // Quilmes sold in the range, then Barrio suspended it: its figures still count.
    await app.db
      .update(stores)
      .set({ suspendedAt: new Date(), suspensionReason: 'Vende productos vencidos' })
      .where(eq(stores.id, shops.quilmes!.seller.store._id))
    // A store opened at 23:30 on the last day (Buenos Aires), with no orders yet.
    const late = await signedInSeller(app)
    lateStore = late.store._id
    await app.db
      .update(stores)
      .set({ createdAt: new Date('2026-03-08T02:30:00Z') })
      .where(eq(stores.id, lateStore))
  }, 300_000)

  test('totals equal sums over the orders; stores and customers as defined', async () => {
    const res = await overview(`from=${FROM}&to=${TO}`)
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    const range = inRange(placed)
    const want = sums(range)
    // The fixture is what the test means it to be: a refund, a whole refund, a cancellation.
    expect(want).toMatchObject({ orders: 7, cancelled: 1 })
    expect(range.some((o) => o.refundedAmount > 0 && o.refundedAmount < o.total)).toBe(true)
    const kept = range.filter((o) => o.status !== 'cancelled')
    const buyers = new Set(kept.map((o) => o.customer))
    const before = new Set(
      placed.filter((o) => o.status !== 'cancelled' && baDay(o.at) < FROM).map((o) => o.customer),
    )
    const newCustomers = [...buyers].filter((c) => !before.has(c)).length
    // The regular bought before; the buyer whose earlier order was cancelled is new.
    expect(newCustomers).toBe(buyers.size - 1)
    expect(body.from).toBe(FROM)
    expect(body.to).toBe(TO)
    expect(body.totals).toEqual({
      ...want,
      averageTicket: Math.round(want.gmv / want.orders),
      cancellationRate: want.cancelled / (want.orders + want.cancelled),
      activeStores: 3,
      // Palermo, La Plata and the late store; Quilmes is suspended.
      listedStores: 3,
      newStores: 1,
      newCustomers,
    })
  })

  test('refunds reduce the commission pro rata; a whole refund and a cancellation leave none', async () => {
    const body = (await overview(`from=${FROM}&to=${TO}`)).json()
    const range = inRange(placed)
    const partial = range.find((o) => o.refundedAmount > 0 && o.refundedAmount < o.total)!
    expect(partial.commission).toBeGreaterThan(0)
    expect(partial.commission).toBeLessThan(partial.placedCommission)
    // The order's own row agrees with the arithmetic the test used.
    const [row] = await app.db
      .select({ commission: orders.commission, refunded: orders.commissionRefunded })
      .from(orders)
      .where(eq(orders.createdAt, partial.at))
    expect(row!.commission - row!.refunded).toBe(partial.commission)
    const gross = range
      .filter((o) => o.status !== 'cancelled')
      .reduce((s, o) => s + o.commission, 0)
    expect(body.totals.commission).toBe(gross)
    // The day of the whole refund: an order, no GMV, no commission.
    expect(body.series.find((d: { date: string }) => d.date === '2026-03-04')).toEqual({
      date: '2026-03-04',
      gmv: 0,
      orders: 1,
      commission: 0,
      cancelled: 0,
    })
  })

  test('every Buenos Aires day of the range, in order; orders at 00:00 and 23:30 on their day', async () => {
    const body = (await overview(`from=${FROM}&to=${TO}`)).json()
    const days = Array.from({ length: 7 }, (_, i) => addDays(FROM, i))
    expect(body.series.map((d: { date: string }) => d.date)).toEqual(days)
    for (const day of days)
      expect(body.series.find((d: { date: string }) => d.date === day)).toEqual({
        date: day,
        ...sums(placed.filter((o) => baDay(o.at) === day)),
      })
    const last = placed.find((o) => o.at.toISOString() === '2026-03-08T02:30:00.000Z')!
    expect(body.series.at(-1).orders).toBe(1)
    expect(body.series.at(-1).gmv).toBe(last.total)
    // 00:00 on the 1st counts; 23:59:59 on the 28th does not.
    expect(body.series[0].orders).toBe(2)
  })

  test('per province, city and category, each with the stores that sold', async () => {
    const body = (await overview(`from=${FROM}&to=${TO}`)).json()
    const range = inRange(placed)
    const by = (key: (p: Place) => string) => {
      const out = new Map<string, Sums & { stores: number }>()
      for (const where of places) {
        const own = range.filter((o) => o.store === where.key)
        const entry = out.get(key(where)) ?? {
          gmv: 0,
          orders: 0,
          commission: 0,
          cancelled: 0,
          stores: 0,
        }
        const add = sums(own)
        out.set(key(where), {
          gmv: entry.gmv + add.gmv,
          orders: entry.orders + add.orders,
          commission: entry.commission + add.commission,
          cancelled: entry.cancelled + add.cancelled,
          stores: entry.stores + (add.orders > 0 ? 1 : 0),
        })
      }
      return out
    }
    const order = <T extends { gmv: number; orders: number }>(rows: T[]) =>
      [...rows].sort((a, b) => b.gmv - a.gmv || b.orders - a.orders)
    const provinces = by((p) => p.provinceCode)
    expect(body.byProvince).toEqual(
      order([...provinces].map(([provinceCode, f]) => ({ provinceCode, ...f }))),
    )
    const cities = by((p) => `${p.provinceCode}|${p.city}`)
    expect(body.byCity).toEqual(
      order(
        [...cities].map(([key, f]) => ({
          provinceCode: key.split('|')[0],
          city: key.split('|')[1],
          ...f,
        })),
      ),
    )
    expect(
      body.byProvince.find((r: { provinceCode: string }) => r.provinceCode === 'B').stores,
    ).toBe(2)
    const categories = by((p) => p.category)
    expect(body.byCategory).toEqual(
      order([...categories].map(([category, f]) => ({ category, ...f }))),
    )
  })

  test('the top stores by GMV, the suspended one flagged', async () => {
    const body = (await overview(`from=${FROM}&to=${TO}`)).json()
    const range = inRange(placed)
    const want = places
      .map((where) => ({
        storeId: shops[where.key]!.seller.store._id,
        name: 'Almacén de Prueba',
        handle: shops[where.key]!.seller.store.handle,
        category: where.category,
        city: where.city,
        provinceCode: where.provinceCode,
        suspended: where.key === 'quilmes',
        ...sums(range.filter((o) => o.store === where.key)),
      }))
      .sort((a, b) => b.gmv - a.gmv || b.orders - a.orders)
    expect(body.topStores).toEqual(want)
  })

  test("the city's figures equal the sums of every store's analytics and statements", async () => {
    const month = await overview('from=2026-03-01&to=2026-03-31')
    const city = month.json().totals
    let gmv = 0
    let ordersCount = 0
    let cancelled = 0
    let commission = 0
    for (const shop of Object.values(shops)) {
      const own = (
        await app.inject({
          method: 'GET',
          url: '/api/v1/admin/analytics?from=2026-03-01&to=2026-03-31',
          headers: shop.seller.headers,
        })
      ).json().totals
      gmv += own.sales
      ordersCount += own.orders
      cancelled += own.cancelled
      const statement = await app.inject({
        method: 'GET',
        url: `/api/v1/operator/statements?storeId=${shop.seller.store._id}&month=2026-03`,
        headers: { cookie: operator },
      })
      expect(statement.statusCode, statement.body).toBe(200)
      commission += statement.json().commission
    }
    expect(ordersCount).toBeGreaterThan(0)
    expect(city).toMatchObject({ gmv, orders: ordersCount, cancelled, commission })
  })

  test('a range without orders answers zeros, every day present', async () => {
    const body = (await overview('from=2025-01-01&to=2025-01-03')).json()
    expect(body.totals).toEqual({
      gmv: 0,
      orders: 0,
      commission: 0,
      cancelled: 0,
      averageTicket: 0,
      cancellationRate: 0,
      activeStores: 0,
      listedStores: 3,
      newStores: 0,
      newCustomers: 0,
    })
    expect(body.series).toEqual(
      ['2025-01-01', '2025-01-02', '2025-01-03'].map((date) => ({
        date,
        gmv: 0,
        orders: 0,
        commission: 0,
        cancelled: 0,
      })),
    )
    expect(body).toMatchObject({ byProvince: [], byCity: [], byCategory: [], topStores: [] })
  })

  test('without a range: the last 30 Buenos Aires days, today included', async () => {
    // An order placed now (checkout's own time) falls in the default range.
    const now = await place(shops.palermo!, palermo, {
      at: new Date().toISOString(),
      quantity: 1,
    })
    const res = await overview()
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    const today = buenosAiresDay(new Date())
    expect(body.to).toBe(today)
    expect(body.from).toBe(addDays(today, -29))
    expect(body.series).toHaveLength(30)
    expect(body.series.at(-1)).toMatchObject({ date: today, orders: 1, gmv: now.total })
    expect(body.totals.orders).toBe(1)
  })
})

describe('who may see it, and the range', () => {
  test('nobody 401; a customer, a seller and an operator owing the second factor 403', async () => {
    const customer = await signedInCustomer(app)
    const seller = await signedInSeller(app)
    const owing = await signedInOperator(app, { secondFactor: false })
    const callers: Array<[string, string, number]> = [
      ['nobody', '', 401],
      ['a customer', customer.cookie, 403],
      ['a seller', seller.cookie, 403],
      ['an operator without the second factor', owing.cookie, 403],
      ['an operator', operator, 200],
    ]
    for (const [who, cookie, status] of callers) {
      // An invalid range too: a stranger learns nothing from a validation answer.
      for (const query of ['from=2026-03-01&to=2026-03-07', 'from=2026-13-01&to=2026-03-07']) {
        const res = await overview(query, cookie)
        expect(res.statusCode, `${who} ${query}: ${res.body}`).toBe(
          status === 200 && query.includes('-13-') ? 400 : status,
        )
        if (status !== 200) expect(res.body).not.toContain('gmv')
      }
    }
  }, 60_000)

  test('bad ranges answer 400 naming from or to, in Spanish, with the catalogue code', async () => {
    const errorsFor = async (query: string) => {
      const res = await overview(query)
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().code).toBe('INVALID')
      return res.json().errors as Array<{ name: string; message: string }>
    }
    expect(await errorsFor('from=2026-13-01&to=2026-03-07')).toEqual([
      { name: 'from', message: 'Usá una fecha de inicio con el formato AAAA-MM-DD' },
    ])
    expect(await errorsFor('from=2026-03-01')).toEqual([
      { name: 'to', message: 'Elegí también la fecha de fin' },
    ])
    expect(await errorsFor('to=2026-03-01')).toEqual([
      { name: 'from', message: 'Elegí también la fecha de inicio' },
    ])
    expect(await errorsFor('from=2026-03-07&to=2026-03-01')).toEqual([
      { name: 'to', message: 'La fecha de fin no puede ser anterior a la de inicio' },
    ])
    expect(await errorsFor('from=2025-01-01&to=2026-01-02')).toEqual([
      { name: 'to', message: 'Elegí un período de 366 días como máximo' },
    ])
    // 366 days (a leap year) is allowed.
    const res = await overview('from=2024-01-01&to=2024-12-31')
    expect(res.statusCode).toBe(200)
    expect(res.json().series).toHaveLength(366)
  })
})
