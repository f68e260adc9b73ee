// The platform's commission (issue 24, decision 045): the operator's rates (store over category
// over default), the rate and commission each order records when it is placed through the API,
// refunds taking it back pro rata, and the monthly statements (operator's and seller's) equal to
// sums over the orders, with their CSV.
import { eq, inArray } from 'drizzle-orm'
import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { orders } from '../../db/schema/ordering.ts'
import { stores } from '../../db/schema/stores.ts'
import { users } from '../../db/schema/users.ts'
import { buenosAiresDay } from '../../lib/buenos-aires-day.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  confirmOrder,
  customerWithAddress,
  shopForCheckout,
  signedInCustomer,
  signedInSeller,
} from '../../../test/factories.ts'
import { commissionOf, commissionRefundedOf } from './commission-arithmetic.ts'

let app: TestApp
let operator: string

async function newOperator() {
  const staff = await signedInCustomer(app)
  await app.db.update(users).set({ userType: 'operator' }).where(eq(users.id, staff.user._id))
  return staff
}

beforeAll(async () => {
  app = await buildTestApp()
  const staff = await newOperator()
  const enrol = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/totp/enrol',
    headers: { cookie: staff.cookie },
  })
  const verified = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/totp/verify',
    headers: { cookie: staff.cookie },
    payload: { code: await generate({ secret: enrol.json().secret }) },
  })
  expect(verified.statusCode, verified.body).toBe(200)
  operator = staff.cookie
}, 60_000)
afterAll(() => app.close())

const putRates = (payload: object, cookie = operator) =>
  app.inject({
    method: 'PUT',
    url: '/api/v1/operator/commissions',
    headers: { cookie },
    payload,
  })
const operatorGet = (url: string, cookie = operator) =>
  app.inject({ method: 'GET', url: `/api/v1/operator${url}`, headers: { cookie } })

const thisMonth = () => buenosAiresDay(new Date()).slice(0, 7)

type Shop = Awaited<ReturnType<typeof shopForCheckout>>

/** A cash order of `quantity` Manteca (6000,00 each) for pickup, placed through checkout. */
async function cashOrder(shop: Shop, quantity = 2) {
  const customer = await customerWithAddress(app)
  const { response } = await confirmOrder(
    app,
    customer,
    [{ variantId: shop.manteca._id, quantity }],
    { deliveryType: 'delivery', paymentMethod: 'cash' },
  )
  expect(response.statusCode, response.body).toBe(200)
  return (response.json() as { order: { _id: string; total: number; subtotal: number } }).order
}

async function orderRow(id: string) {
  const [row] = await app.db.select().from(orders).where(eq(orders.id, id))
  return row!
}

const sellerPost = (shop: Shop, url: string, payload?: object) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders${url}`,
    headers: shop.seller.headers,
    ...(payload ? { payload } : {}),
  })

describe('who reaches the commission and statement routes', () => {
  test('nobody 401; customers, sellers and operators owing the second factor 403; operators 200', async () => {
    const customer = await signedInCustomer(app)
    const seller = await signedInSeller(app)
    const owing = await newOperator()
    const month = thisMonth()
    const requests: Array<{ method: 'GET' | 'PUT'; url: string; payload?: object }> = [
      { method: 'GET', url: '/api/v1/operator/commissions' },
      { method: 'PUT', url: '/api/v1/operator/commissions', payload: { defaultRateBp: 0 } },
      { method: 'GET', url: '/api/v1/operator/commissions/stores' },
      {
        method: 'GET',
        url: `/api/v1/operator/statements?storeId=${seller.store._id}&month=${month}`,
      },
      {
        method: 'GET',
        url: `/api/v1/operator/statements.csv?storeId=${seller.store._id}&month=${month}`,
      },
    ]
    const callers: Array<[string, string, number]> = [
      ['nobody', '', 401],
      ['a customer', customer.cookie, 403],
      ['a seller', seller.cookie, 403],
      ['an operator without the second factor', owing.cookie, 403],
      ['an operator', operator, 200],
    ]
    for (const r of requests)
      for (const [who, cookie, status] of callers) {
        const res = await app.inject({
          method: r.method,
          url: r.url,
          headers: cookie ? { cookie } : {},
          ...(r.payload ? { payload: r.payload } : {}),
        })
        expect(res.statusCode, `${r.method} ${r.url} by ${who}: ${res.body}`).toBe(status)
      }
  }, 60_000)
})

describe('the rates', () => {
  test('saved as sent and answered with the stores named; bad rates are Spanish field errors', async () => {
    const seller = await signedInSeller(app)
    const saved = await putRates({
      defaultRateBp: 750,
      byCategory: { kiosco: 400 },
      byStore: [{ storeId: seller.store._id, rateBp: 1000 }],
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const read = (await operatorGet('/commissions')).json()
    expect(read).toMatchObject({
      defaultRateBp: 750,
      byCategory: { kiosco: 400 },
      byStore: [{ storeId: seller.store._id, rateBp: 1000, storeHandle: seller.store.handle }],
    })
    expect(read.updatedAt).toEqual(expect.any(String))

    const tooHigh = await putRates({ defaultRateBp: 10_001 })
    expect(tooHigh.statusCode).toBe(400)
    expect(tooHigh.json().errors).toEqual([
      { name: 'defaultRateBp', message: 'La comisión no puede superar el 100 %' },
    ])
    const fraction = await putRates({ defaultRateBp: 0, byCategory: { kiosco: 12.5 } })
    expect(fraction.statusCode).toBe(400)
    expect(fraction.json().errors[0].name).toBe('byCategory.kiosco')
    const negative = await putRates({
      defaultRateBp: 0,
      byStore: [{ storeId: seller.store._id, rateBp: -1 }],
    })
    expect(negative.json().errors).toEqual([
      { name: 'byStore.0.rateBp', message: 'La comisión no puede ser negativa' },
    ])
    const unknownCategory = await putRates({ defaultRateBp: 0, byCategory: { casino: 100 } })
    expect(unknownCategory.statusCode).toBe(400)
    const unknownStore = await putRates({
      defaultRateBp: 0,
      byStore: [
        { storeId: seller.store._id, rateBp: 100 },
        { storeId: '00000000-0000-4000-8000-000000000000', rateBp: 100 },
        { storeId: seller.store._id, rateBp: 200 },
      ],
    })
    expect(unknownStore.statusCode).toBe(400)
    expect(unknownStore.json()).toMatchObject({
      code: 'INVALID',
      errors: [
        { name: 'byStore.1.storeId', message: 'No encontramos esta tienda' },
        { name: 'byStore.2.storeId', message: 'Esta tienda ya tiene su comisión más arriba' },
      ],
    })
    // Nothing of a refused PUT was saved.
    expect((await operatorGet('/commissions')).json().defaultRateBp).toBe(750)
  })

  test('an order records its store rate, else its category rate, else the default', async () => {
    const own = await shopForCheckout(app, { stock: 50 })
    const kiosk = await shopForCheckout(app, { stock: 50 })
    const plain = await shopForCheckout(app, { stock: 50 })
    await app.db
      .update(stores)
      .set({ category: 'kiosco' })
      .where(eq(stores.id, kiosk.seller.store._id))
    await app.db
      .update(stores)
      .set({ category: 'kiosco' })
      .where(eq(stores.id, own.seller.store._id))
    const saved = await putRates({
      defaultRateBp: 800,
      byCategory: { kiosco: 500, restaurante: 1200 },
      byStore: [{ storeId: own.seller.store._id, rateBp: 1234 }],
    })
    expect(saved.statusCode, saved.body).toBe(200)

    const search = (await operatorGet(`/commissions/stores?q=${own.seller.store.handle}`)).json()
    expect(search.items).toEqual([
      expect.objectContaining({ _id: own.seller.store._id, rateBp: 1234, category: 'kiosco' }),
    ])

    for (const [shop, rate] of [
      [own, 1234],
      [kiosk, 500],
      [plain, 800],
    ] as const) {
      const placed = await cashOrder(shop, 2)
      const row = await orderRow(placed._id)
      // 2 × 6000,00: the commission is on the items, not the delivery fee.
      expect(row.subtotal).toBe(1_200_000)
      expect(row.total).toBeGreaterThan(row.subtotal)
      expect(row.commissionRateBp).toBe(rate)
      expect(row.commission).toBe(commissionOf(1_200_000, rate))
      expect(row.commissionRefunded).toBe(0)
    }
    expect(commissionOf(1_200_000, 1234)).toBe(148_080)

    // A new rate applies to orders placed from then on; past orders keep theirs.
    const before = await cashOrder(plain, 1)
    await putRates({ defaultRateBp: 0 })
    const after = await cashOrder(plain, 1)
    expect((await orderRow(before._id)).commission).toBe(48_000)
    expect((await orderRow(after._id)).commissionRateBp).toBe(0)
    expect((await orderRow(after._id)).commission).toBe(0)
  }, 60_000)
})

describe('the arithmetic', () => {
  test('commission rounds half up to the centavo', () => {
    expect(commissionOf(1050, 100)).toBe(11) // 10,5 → 11
    expect(commissionOf(1049, 100)).toBe(10) // 10,49 → 10
    expect(commissionOf(12_345, 0)).toBe(0)
    expect(commissionOf(12_345, 10_000)).toBe(12_345)
    expect(commissionOf(2_147_483_647, 10_000)).toBe(2_147_483_647)
  })
  test('refunds take back pro rata, never more than the commission, all of it when all is refunded', () => {
    expect(commissionRefundedOf(1001, 0, 10_000)).toBe(0)
    expect(commissionRefundedOf(1001, 5000, 10_000)).toBe(501) // 500,5 → 501
    expect(commissionRefundedOf(1001, 3333, 10_000)).toBe(334) // 333,63 → 334
    expect(commissionRefundedOf(1001, 10_000, 10_000)).toBe(1001)
    expect(commissionRefundedOf(1001, 12_000, 10_000)).toBe(1001)
    expect(commissionRefundedOf(0, 5000, 10_000)).toBe(0)
    expect(commissionRefundedOf(2_000_000_000, 2_000_000_000 - 1, 2_000_000_000)).toBe(
      1_999_999_999,
    )
  })

  test('partial refunds through the seller reduce the commission pro rata; the full refund takes it all', async () => {
    const shop = await shopForCheckout(app, { stock: 50 })
    await putRates({ defaultRateBp: 1000 })
    const placed = await cashOrder(shop, 2)
    expect((await sellerPost(shop, `/${placed._id}/mark-as-paid`)).statusCode).toBe(200)
    const row = await orderRow(placed._id)
    expect(row.commission).toBe(120_000)

    const first = await sellerPost(shop, `/${placed._id}/refund`, { amount: 33_333 })
    expect(first.statusCode, first.body).toBe(200)
    const afterFirst = await orderRow(placed._id)
    expect(afterFirst.refundedAmount).toBe(33_333)
    expect(afterFirst.commissionRefunded).toBe(commissionRefundedOf(120_000, 33_333, row.total))
    expect(afterFirst.commissionRefunded).toBe(Math.round((120_000 * 33_333) / row.total))

    const second = await sellerPost(shop, `/${placed._id}/refund`, { amount: 100_000 })
    expect(second.statusCode, second.body).toBe(200)
    const afterSecond = await orderRow(placed._id)
    // From the running sum: two refunds take back what one refund of their sum would.
    expect(afterSecond.commissionRefunded).toBe(commissionRefundedOf(120_000, 133_333, row.total))

    const rest = await sellerPost(shop, `/${placed._id}/refund`)
    expect(rest.statusCode, rest.body).toBe(200)
    const refunded = await orderRow(placed._id)
    expect(refunded.refundedAmount).toBe(row.total)
    expect(refunded.commissionRefunded).toBe(120_000)
    expect(refunded.commission - refunded.commissionRefunded).toBe(0)
  }, 60_000)
})

describe('the monthly statement', () => {
  test("equals the sums over the month's orders, for the operator and the store's own team", async () => {
    const shop = await shopForCheckout(app, { stock: 80 })
    await putRates({ defaultRateBp: 650 })
    const a = await cashOrder(shop, 1)
    const b = await cashOrder(shop, 3)
    const c = await cashOrder(shop, 2)
    const cancelled = await cashOrder(shop, 1)
    await sellerPost(shop, `/${b._id}/mark-as-paid`)
    expect((await sellerPost(shop, `/${b._id}/refund`, { amount: 50_000 })).statusCode).toBe(200)
    const cancel = await sellerPost(shop, `/${cancelled._id}/cancel-unpaid`)
    expect(cancel.statusCode, cancel.body).toBe(200)
    // An order of the month before: the first minute of this Buenos Aires month is this month,
    // the last minute of the previous one is not.
    const month = thisMonth()
    const old = await cashOrder(shop, 1)
    const firstMinute = await cashOrder(shop, 1)
    await app.db
      .update(orders)
      .set({ createdAt: new Date(Date.parse(`${month}-01T00:00:00-03:00`) - 60_000) })
      .where(eq(orders.id, old._id))
    await app.db
      .update(orders)
      .set({ createdAt: new Date(`${month}-01T00:00:00-03:00`) })
      .where(eq(orders.id, firstMinute._id))

    const res = await operatorGet(`/statements?storeId=${shop.seller.store._id}&month=${month}`)
    expect(res.statusCode, res.body).toBe(200)
    const statement = res.json()

    const rows = await app.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [a._id, b._id, c._id, firstMinute._id]))
    const commission = rows.reduce((s, r) => s + r.commission - r.commissionRefunded, 0)
    const sales = rows.reduce((s, r) => s + r.total - r.refundedAmount, 0)
    expect(statement).toMatchObject({
      store: { _id: shop.seller.store._id, handle: shop.seller.store.handle },
      month,
      from: new Date(`${month}-01T00:00:00-03:00`).toISOString(),
      ordersCount: 4,
      sales,
      commission,
      collected: 0,
      balance: commission,
    })
    expect(commission).toBeGreaterThan(0)
    expect(statement.lines.map((l: { _id: string }) => l._id).sort()).toEqual(
      [a._id, b._id, c._id, firstMinute._id].sort(),
    )
    const lineB = statement.lines.find((l: { _id: string }) => l._id === b._id)
    const rowB = rows.find((r) => r.id === b._id)!
    expect(lineB).toMatchObject({
      commissionRateBp: 650,
      commissionPlaced: commissionOf(1_800_000, 650),
      commissionRefunded: commissionRefundedOf(commissionOf(1_800_000, 650), 50_000, rowB.total),
      refundedAmount: 50_000,
      sales: rowB.total - 50_000,
    })

    // The store's team reads the same statement of its own store.
    const own = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/statements?month=${month}`,
      headers: shop.seller.headers,
    })
    expect(own.statusCode, own.body).toBe(200)
    expect(own.json()).toEqual(statement)

    // The month before holds the moved order only.
    const [y, m] = month.split('-').map(Number) as [number, number]
    const previous = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`
    const before = (
      await operatorGet(`/statements?storeId=${shop.seller.store._id}&month=${previous}`)
    ).json()
    expect(before.lines.map((l: { _id: string }) => l._id)).toEqual([old._id])
  }, 90_000)

  test("a seller cannot read another store's statement; bad months and unknown stores are refused", async () => {
    const mine = await signedInSeller(app)
    const theirs = await signedInSeller(app)
    const month = thisMonth()
    const other = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/statements?month=${month}`,
      headers: { cookie: mine.cookie, 'x-store-id': theirs.store._id },
    })
    expect(other.statusCode).toBe(403)
    const otherCsv = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/statements.csv?month=${month}`,
      headers: { cookie: mine.cookie, 'x-store-id': theirs.store._id },
    })
    expect(otherCsv.statusCode).toBe(403)
    const noStore = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/statements?month=${month}`,
      headers: { cookie: mine.cookie },
    })
    expect(noStore.statusCode).toBe(400)

    const badMonth = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/statements?month=2026-13',
      headers: mine.headers,
    })
    expect(badMonth.statusCode).toBe(400)
    expect(badMonth.json().errors).toEqual([{ name: 'month', message: 'Usá un mes AAAA-MM' }])
    const unknown = await operatorGet(
      `/statements?storeId=00000000-0000-4000-8000-000000000000&month=${month}`,
    )
    expect(unknown.statusCode).toBe(404)
    const empty = (await operatorGet(`/statements?storeId=${mine.store._id}&month=2001-01`)).json()
    expect(empty).toMatchObject({ ordersCount: 0, sales: 0, commission: 0, balance: 0, lines: [] })
  }, 60_000)

  test('CSV: UTF-8 with BOM, one row per order and the totals, amounts with a decimal comma', async () => {
    const shop = await shopForCheckout(app, { stock: 20 })
    await putRates({ defaultRateBp: 1250 })
    const placed = await cashOrder(shop, 1)
    const row = await orderRow(placed._id)
    const month = thisMonth()
    const res = await operatorGet(`/statements.csv?storeId=${shop.seller.store._id}&month=${month}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="resumen-${shop.seller.store.handle}-${month}.csv"`,
    )
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[0]).toBe(
      'Fecha;Pedido;Medio de pago;Estado del pago;Total;Reembolsado;Ventas;Comisión (%);Comisión;Cobrada por Mercado Pago;A pagar',
    )
    const money = (c: number) => `${Math.floor(c / 100)},${String(c % 100).padStart(2, '0')}`
    // 12,5 % of 6000,00 = 750,00.
    expect(lines[1]).toMatch(
      new RegExp(
        `^\\d{2}/\\d{2}/\\d{4},? \\d{2}:\\d{2};#${row.number};Efectivo;Pendiente;${money(row.total)};0,00;${money(row.total)};12,50;750,00;0,00;750,00$`,
      ),
    )
    expect(lines[2]).toBe(
      `Total ${month};1 pedidos;;;${money(row.total)};0,00;${money(row.total)};;750,00;0,00;750,00`,
    )
    expect(lines[3]).toBe('')

    const seller = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/statements.csv?month=${month}`,
      headers: shop.seller.headers,
    })
    expect(seller.statusCode).toBe(200)
    expect(seller.body).toBe(res.body)
  }, 60_000)
})
