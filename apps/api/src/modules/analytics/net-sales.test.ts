import type { AdminDashboard } from '@barrio/contracts/admin-dashboard'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { orders } from '../../db/schema/ordering.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { confirmOrder, customerWithAddress, shopForCheckout } from '../../../test/factories.ts'

/**
 * The seller's three figures of sales — analytics, the dashboard's day and a customer's
 * `totalSpent` — against sums this test computes from the orders' own `total` and
 * `refundedAmount` (read back from the seller's order view), with partial refunds by amount and
 * by lines, a whole refund, a cancelled and an unpaid order (issue 22; decisions 017 and 022).
 */
let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.close()
})

type Customer = Awaited<ReturnType<typeof customerWithAddress>>
type Order = {
  _id: string
  status: string
  paymentStatus: string
  deliveryType: 'pickup' | 'delivery'
  paymentMethod: 'cash' | 'bank_transfer'
  total: number
  refundedAmount: number
  items: Array<{
    _id: string
    productId: string
    variantId: string
    title: string
    unitPrice: number
    quantity: number
    refundedQuantity: number
  }>
}
/** An order as the seller's API shows it, with the Buenos Aires day it was moved to. */
type Placed = { order: Order; day: string; email: string }

let shop: Awaited<ReturnType<typeof shopForCheckout>>
let facturas: { _id: string; variantId: string }
let placed: Placed[]
const buyers: Customer[] = []

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: shop.seller.headers,
    ...(payload ? { payload } : {}),
  })

/**
 * A customer's order through checkout, then the seller's actions on it, then dated `at` (the
 * figures read past days; checkout stamps now). Answers the order as GET /admin/orders/{id} shows
 * it after all that.
 */
async function place(
  customer: Customer,
  items: Array<{ variantId: string; quantity: number }>,
  opts: {
    at: string
    deliveryType?: 'pickup' | 'delivery'
    paymentMethod?: 'cash' | 'bank_transfer'
    paid?: boolean
    cancel?: boolean
    /** Refund bodies, in order: `{ amount }`, `{ items }` (by variant), or `{}` (the rest). */
    refunds?: Array<{ amount: number } | { lines: Array<[string, number]> } | object>
  },
): Promise<Placed> {
  const { response } = await confirmOrder(app, customer, items, {
    deliveryType: opts.deliveryType ?? 'pickup',
    paymentMethod: opts.paymentMethod ?? 'cash',
  })
  if (response.statusCode !== 200) throw new Error(`confirm: ${response.body}`)
  const placedOrder = response.json().order as Order
  const id = placedOrder._id
  if (opts.paid) expect((await admin('POST', `/orders/${id}/mark-as-paid`)).statusCode).toBe(200)
  for (const refund of opts.refunds ?? []) {
    const body =
      'lines' in refund
        ? {
            items: (refund.lines as Array<[string, number]>).map(([variantId, quantity]) => ({
              itemId: placedOrder.items.find((i) => i.variantId === variantId)!._id,
              quantity,
            })),
          }
        : refund
    const res = await admin('POST', `/orders/${id}/refund`, body)
    expect(res.statusCode, res.body).toBe(200)
  }
  if (opts.cancel)
    expect((await admin('PUT', `/orders/${id}`, { status: 'cancelled' })).statusCode).toBe(200)
  await app.db
    .update(orders)
    .set({ createdAt: new Date(opts.at) })
    .where(eq(orders.id, id))
  const read = await admin('GET', `/orders/${id}`)
  expect(read.statusCode).toBe(200)
  return { order: read.json() as Order, day: opts.at.slice(0, 10), email: customer.data.email }
}

/** What an order sold, from its own figures: what was not given back; nothing when cancelled. */
const net = (o: Order) => (o.status === 'cancelled' ? 0 : o.total - o.refundedAmount)
const counted = (p: Placed) => p.order.status !== 'cancelled'
const inDays = (from: string, to: string) => placed.filter((p) => p.day >= from && p.day <= to)

function splits(list: Placed[], key: (o: Order) => string) {
  const out = new Map<string, { sales: number; orders: number }>()
  for (const { order } of list.filter(counted)) {
    const entry = out.get(key(order)) ?? { sales: 0, orders: 0 }
    out.set(key(order), { sales: entry.sales + net(order), orders: entry.orders + 1 })
  }
  return out
}

/** Units and revenue per product the customers kept: lines minus the units refunded by line. */
function products(list: Placed[]) {
  const out = new Map<string, { units: number; sales: number }>()
  for (const { order } of list.filter(counted))
    if (order.paymentStatus !== 'refunded')
      for (const item of order.items) {
        const units = item.quantity - item.refundedQuantity
        if (units === 0) continue
        const entry = out.get(item.productId) ?? { units: 0, sales: 0 }
        out.set(item.productId, {
          units: entry.units + units,
          sales: entry.sales + units * item.unitPrice,
        })
      }
  return out
}

beforeAll(async () => {
  shop = await shopForCheckout(app, { stock: 1000 })
  const created = await admin('POST', '/products', {
    title: 'Facturas surtidas',
    status: 'active',
    variants: [{ price: 300000, stock: 1000 }],
  })
  expect(created.statusCode).toBe(201)
  const body = created.json() as { _id: string; variants: Array<{ _id: string }> }
  facturas = { _id: body._id, variantId: body.variants[0]!._id }
  for (let i = 0; i < 3; i++) buyers.push(await customerWithAddress(app))
  const [ana, beto, caro] = buyers as [Customer, Customer, Customer]
  const manteca = shop.manteca._id
  const grasa = shop.grasa._id
  placed = [
    // 2026-03-03: a refund by amount, a refund by lines (the delivery fee stays), both kinds.
    await place(
      ana,
      [
        { variantId: manteca, quantity: 3 },
        { variantId: facturas.variantId, quantity: 2 },
      ],
      { at: '2026-03-03T10:00:00-03:00', paid: true, refunds: [{ amount: 50000 }] },
    ),
    await place(
      ana,
      [
        { variantId: manteca, quantity: 1 },
        { variantId: facturas.variantId, quantity: 1 },
      ],
      {
        at: '2026-03-03T12:30:00-03:00',
        deliveryType: 'delivery',
        paid: true,
        refunds: [{ lines: [[manteca, 1]] }],
      },
    ),
    await place(
      beto,
      [
        { variantId: grasa, quantity: 2 },
        { variantId: facturas.variantId, quantity: 3 },
      ],
      {
        at: '2026-03-03T20:00:00-03:00',
        paymentMethod: 'bank_transfer',
        paid: true,
        refunds: [{ lines: [[facturas.variantId, 2]] }, { amount: 12345 }],
      },
    ),
    // 2026-03-04: refunded in two steps down to nothing, cancelled, unpaid.
    await place(beto, [{ variantId: grasa, quantity: 1 }], {
      at: '2026-03-04T09:00:00-03:00',
      paid: true,
      refunds: [{ amount: 100000 }, {}],
    }),
    await place(caro, [{ variantId: manteca, quantity: 2 }], {
      at: '2026-03-04T11:00:00-03:00',
      cancel: true,
    }),
    await place(caro, [{ variantId: facturas.variantId, quantity: 1 }], {
      at: '2026-03-04T23:30:00-03:00',
    }),
  ]
  // The refunds are what the test means them to be.
  expect(placed.map((p) => p.order.paymentStatus)).toEqual([
    'partially_refunded',
    'partially_refunded',
    'partially_refunded',
    'refunded',
    'voided',
    'pending',
  ])
  expect(placed.map((p) => p.order.refundedAmount)).toEqual([
    50000,
    600000,
    600000 + 12345,
    placed[3]!.order.total,
    0,
    0,
  ])
})

describe('net sales: total minus what was refunded, the same in every figure', () => {
  test('analytics: totals, series, delivery types, payment methods and best sellers', async () => {
    const res = await admin('GET', '/analytics?from=2026-03-01&to=2026-03-07')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    const kept = placed.filter(counted)
    const sales = kept.reduce((sum, p) => sum + net(p.order), 0)
    // The partial refunds are not whole-order ones: without them the sum would be higher.
    expect(sales).toBeLessThan(
      kept
        .filter((p) => p.order.paymentStatus !== 'refunded')
        .reduce((s, p) => s + p.order.total, 0),
    )
    expect(body.totals).toEqual({
      sales,
      orders: kept.length,
      averageTicket: Math.round(sales / kept.length),
      cancelled: placed.length - kept.length,
      discounts: 0,
    })
    const byDay = splits(placed, () => '')
    expect(byDay.get('')!.sales).toBe(sales)
    for (const point of body.series)
      expect(point).toEqual({
        date: point.date,
        ...(splits(inDays(point.date, point.date), () => point.date).get(point.date) ?? {
          sales: 0,
          orders: 0,
        }),
      })
    const delivery = splits(placed, (o) => o.deliveryType)
    expect(body.byDeliveryType).toHaveLength(delivery.size)
    for (const row of body.byDeliveryType)
      expect(row).toEqual({ deliveryType: row.deliveryType, ...delivery.get(row.deliveryType) })
    const methods = splits(placed, (o) => o.paymentMethod)
    expect(body.byPaymentMethod).toHaveLength(methods.size)
    for (const row of body.byPaymentMethod)
      expect(row).toEqual({ paymentMethod: row.paymentMethod, ...methods.get(row.paymentMethod) })

    const want = products(placed)
    expect(body.topProducts).toHaveLength(want.size)
    for (const row of body.topProducts)
      expect({ units: row.units, sales: row.sales }).toEqual(want.get(row.productId))
    // Facturas lost two units refunded by line; the refunds by amount touch no product.
    expect(want.get(facturas._id)).toEqual({ units: 2 + 1 + 1 + 1, sales: 5 * 300000 })
  })

  test('the CSV export carries the same net figures', async () => {
    const csv = async (table: string) => {
      const res = await admin(
        'GET',
        `/analytics/export?from=2026-03-01&to=2026-03-07&table=${table}`,
      )
      expect(res.statusCode).toBe(200)
      return res.body.replace(/^\uFEFF/, '').split('\r\n')
    }
    const pesos = (c: number) => `${Math.floor(c / 100)},${String(c % 100).padStart(2, '0')}`
    const march3 = splits(inDays('2026-03-03', '2026-03-03'), () => 'd').get('d')!
    expect(await csv('series')).toContain(`2026-03-03;${pesos(march3.sales)};${march3.orders}`)
    const transfer = splits(placed, (o) => o.paymentMethod).get('bank_transfer')!
    expect((await csv('byPaymentMethod')).slice(1)).toContainEqual(
      expect.stringMatching(new RegExp(`;${pesos(transfer.sales)};${transfer.orders}$`)),
    )
    const kept = products(placed).get(facturas._id)!
    expect(await csv('topProducts')).toContain(
      `Facturas surtidas;${kept.units};${pesos(kept.sales)}`,
    )
  })

  test("the dashboard's day", async () => {
    for (const day of ['2026-03-03', '2026-03-04']) {
      const res = await admin('GET', `/dashboard?date=${day}`)
      expect(res.statusCode).toBe(200)
      const { today } = res.json() as AdminDashboard
      const list = inDays(day, day)
      expect(today).toEqual({
        date: day,
        sales: list.reduce((sum, p) => sum + net(p.order), 0),
        orders: list.filter(counted).length,
      })
    }
    // A week later the same weekday compares with these net figures.
    const later = (await admin('GET', '/dashboard?date=2026-03-10')).json() as AdminDashboard
    expect(later.lastWeek.sales).toBe(
      inDays('2026-03-03', '2026-03-03').reduce((sum, p) => sum + net(p.order), 0),
    )
  })

  test("each customer's total spent and order count", async () => {
    const res = await admin('GET', '/customers?limit=100')
    expect(res.statusCode).toBe(200)
    const { docs } = res.json() as {
      docs: Array<{ email: string | null; ordersCount: number; totalSpent: number }>
    }
    for (const buyer of buyers) {
      const theirs = placed.filter((p) => p.email === buyer.data.email)
      const row = docs.find((c) => c.email === buyer.data.email)
      expect(row).toMatchObject({
        ordersCount: theirs.filter(counted).length,
        totalSpent: theirs.reduce((sum, p) => sum + net(p.order), 0),
      })
    }
    // Ana's two orders were refunded in part: she kept less than she ordered.
    const ana = docs.find((c) => c.email === buyers[0]!.data.email)!
    expect(ana.totalSpent).toBeLessThan(placed[0]!.order.total + placed[1]!.order.total)
  })
})
