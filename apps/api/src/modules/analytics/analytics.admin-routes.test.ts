import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { orders } from '../../db/schema/ordering.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  confirmOrder,
  customerWithAddress,
  readyToConfirm,
  shopForCheckout,
  signedInSeller,
} from '../../../test/factories.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.close()
})

type Shop = Awaited<ReturnType<typeof shopForCheckout>>
type Customer = Awaited<ReturnType<typeof customerWithAddress>>
type DeliveryType = 'pickup' | 'delivery'
type PaymentMethod = 'cash' | 'bank_transfer'

/** What the test knows about an order it placed, to compute the figures on its own. */
type Placed = {
  id: string
  total: number
  deliveryType: DeliveryType
  paymentMethod: PaymentMethod
  customer: string
  at: Date
  units: number
  lineTotal: number
  cancelled: boolean
  refunded: boolean
}

/** The Buenos Aires calendar day of an instant, by the platform's time-zone database. */
const baDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(at)

/**
 * Places an order at the shop through checkout, then moves its creation time to `at` (analytics
 * reads past days; checkout always stamps now) and cancels or refunds it through the seller API.
 */
async function place(
  shop: Shop,
  opts: {
    at: string
    quantity?: number
    deliveryType?: DeliveryType
    paymentMethod?: PaymentMethod
    customer?: Customer
    cancel?: boolean
    refund?: boolean
  },
): Promise<Placed> {
  const customer = opts.customer ?? (await customerWithAddress(app))
  const quantity = opts.quantity ?? 1
  const deliveryType = opts.deliveryType ?? 'pickup'
  const paymentMethod = opts.paymentMethod ?? 'cash'
  const checkoutId = await readyToConfirm(
    app,
    customer,
    [{ variantId: shop.manteca._id, quantity }],
    { deliveryType, paymentMethod },
  )
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/checkout/${checkoutId}/confirm`,
    headers: customer.headers,
  })
  if (res.statusCode !== 200) throw new Error(`confirm: ${res.body}`)
  const order = res.json().order as { _id: string; total: number }
  const seller = shop.seller.headers
  const admin = (method: 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api/v1/admin/orders/${order._id}${url}`,
      headers: seller,
      ...(payload ? { payload } : {}),
    })
  if (opts.cancel) expect((await admin('PUT', '', { status: 'cancelled' })).statusCode).toBe(200)
  if (opts.refund) {
    expect((await admin('POST', '/mark-as-paid')).statusCode).toBe(200)
    expect((await admin('POST', '/refund')).statusCode).toBe(200)
  }
  const at = new Date(opts.at)
  await app.db.update(orders).set({ createdAt: at }).where(eq(orders.id, order._id))
  return {
    id: order._id,
    total: order.total,
    deliveryType,
    paymentMethod,
    customer: customer.user._id,
    at,
    units: quantity,
    lineTotal: quantity * shop.manteca.price,
    cancelled: opts.cancel ?? false,
    refunded: opts.refund ?? false,
  }
}

/** The figures for a set of placed orders, computed here without the API's SQL. */
function expected(placed: Placed[], from: string, to: string) {
  const inRange = placed.filter((o) => baDay(o.at) >= from && baDay(o.at) <= to)
  const kept = inRange.filter((o) => !o.cancelled)
  const net = (o: Placed) => (o.refunded ? 0 : o.total)
  const sales = kept.reduce((sum, o) => sum + net(o), 0)
  const group = <K extends string>(key: (o: Placed) => K) => {
    const out = new Map<K, { sales: number; orders: number }>()
    for (const o of kept) {
      const entry = out.get(key(o)) ?? { sales: 0, orders: 0 }
      out.set(key(o), { sales: entry.sales + net(o), orders: entry.orders + 1 })
    }
    return out
  }
  return {
    totals: {
      sales,
      orders: kept.length,
      averageTicket: kept.length ? Math.round(sales / kept.length) : 0,
      cancelled: inRange.length - kept.length,
      // These orders carry no coupon (the coupons' own test checks a discount adds up here).
      discounts: 0,
    },
    byDay: group((o) => baDay(o.at)),
    byDeliveryType: group((o) => o.deliveryType),
    byPaymentMethod: group((o) => o.paymentMethod),
    units: kept.filter((o) => !o.refunded).reduce((sum, o) => sum + o.units, 0),
    productSales: kept.filter((o) => !o.refunded).reduce((sum, o) => sum + o.lineTotal, 0),
  }
}

const analytics = (shop: Shop, query: string, headers = shop.seller.headers) =>
  app.inject({ method: 'GET', url: `/api/v1/admin/analytics?${query}`, headers })

describe('figures', () => {
  let shop: Shop
  let placed: Placed[]
  beforeAll(async () => {
    shop = await shopForCheckout(app, { stock: 1000 })
    const regular = await customerWithAddress(app)
    placed = [
      // Before the range (previous period and "returning" history).
      await place(shop, { at: '2026-02-24T15:00:00-03:00', quantity: 2, customer: regular }),
      await place(shop, { at: '2026-02-28T12:00:00-03:00', deliveryType: 'delivery' }),
      await place(shop, { at: '2026-02-27T10:00:00-03:00', cancel: true }),
      // In the range 2026-03-01..2026-03-07.
      await place(shop, { at: '2026-03-01T09:15:00-03:00', quantity: 3, customer: regular }),
      await place(shop, {
        at: '2026-03-03T20:00:00-03:00',
        quantity: 2,
        deliveryType: 'delivery',
        paymentMethod: 'bank_transfer',
      }),
      await place(shop, { at: '2026-03-03T21:00:00-03:00', paymentMethod: 'bank_transfer' }),
      await place(shop, { at: '2026-03-05T11:00:00-03:00', quantity: 4, cancel: true }),
      await place(shop, { at: '2026-03-07T18:30:00-03:00', quantity: 2, refund: true }),
      // After the range.
      await place(shop, { at: '2026-03-08T10:00:00-03:00' }),
    ]
  })

  test('totals, series and splits equal sums over the orders', async () => {
    const res = await analytics(shop, 'from=2026-03-01&to=2026-03-07')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    const want = expected(placed, '2026-03-01', '2026-03-07')
    expect(want.totals.orders).toBe(4)
    expect(want.totals.cancelled).toBe(1)
    expect(body.granularity).toBe('day')
    expect(body.totals).toEqual(want.totals)

    expect(body.series.map((p: { date: string }) => p.date)).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
    ])
    for (const point of body.series)
      expect(point).toEqual({
        date: point.date,
        ...(want.byDay.get(point.date) ?? { sales: 0, orders: 0 }),
      })

    expect(body.byDeliveryType).toHaveLength(want.byDeliveryType.size)
    for (const row of body.byDeliveryType)
      expect(row).toEqual({
        deliveryType: row.deliveryType,
        ...want.byDeliveryType.get(row.deliveryType),
      })
    expect(body.byPaymentMethod).toHaveLength(want.byPaymentMethod.size)
    for (const row of body.byPaymentMethod)
      expect(row).toEqual({
        paymentMethod: row.paymentMethod,
        ...want.byPaymentMethod.get(row.paymentMethod),
      })

    expect(body.topProducts).toEqual([
      {
        productId: shop.product._id,
        title: 'Medialunas x 12',
        units: want.units,
        sales: want.productSales,
      },
    ])
  })

  test('the previous period is the same number of days just before', async () => {
    const body = (await analytics(shop, 'from=2026-03-01&to=2026-03-07')).json()
    const want = expected(placed, '2026-02-22', '2026-02-28')
    expect(want.totals.orders).toBe(2)
    expect(body.previous).toEqual({ ...want.totals, from: '2026-02-22', to: '2026-02-28' })
  })

  test('a whole month compares with the whole month before, not as many days (issue 30)', async () => {
    const body = (await analytics(shop, 'from=2026-03-01&to=2026-03-31')).json()
    const want = expected(placed, '2026-02-01', '2026-02-28')
    expect(body.previous).toEqual({ ...want.totals, from: '2026-02-01', to: '2026-02-28' })
  })

  test('new and returning customers: a buyer who ordered here before the range returns', async () => {
    const body = (await analytics(shop, 'from=2026-03-01&to=2026-03-07')).json()
    const kept = placed.filter(
      (o) => !o.cancelled && baDay(o.at) >= '2026-03-01' && baDay(o.at) <= '2026-03-07',
    )
    const buyers = new Set(kept.map((o) => o.customer))
    const before = new Set(
      placed.filter((o) => !o.cancelled && baDay(o.at) < '2026-03-01').map((o) => o.customer),
    )
    const returning = [...buyers].filter((b) => before.has(b)).length
    expect(returning).toBe(1)
    expect(body.customers).toEqual({ new: buyers.size - returning, returning })
  })

  test('a range without orders answers zeros, every day present', async () => {
    const body = (await analytics(shop, 'from=2025-01-01&to=2025-01-03')).json()
    expect(body.totals).toEqual({
      sales: 0,
      orders: 0,
      averageTicket: 0,
      cancelled: 0,
      discounts: 0,
    })
    expect(body.series).toEqual([
      { date: '2025-01-01', sales: 0, orders: 0 },
      { date: '2025-01-02', sales: 0, orders: 0 },
      { date: '2025-01-03', sales: 0, orders: 0 },
    ])
    expect(body).toMatchObject({
      byDeliveryType: [],
      byPaymentMethod: [],
      topProducts: [],
      topProductsByUnits: [],
      topCollections: [],
      topCollectionsByUnits: [],
    })
    expect(body.customers).toEqual({ new: 0, returning: 0 })
  })

  test('the CSV of each table holds the same figures, for Excel in es-AR', async () => {
    const want = expected(placed, '2026-03-01', '2026-03-07')
    const csv = (table: string) =>
      app.inject({
        method: 'GET',
        url: `/api/v1/admin/analytics/export?from=2026-03-01&to=2026-03-07&table=${table}`,
        headers: shop.seller.headers,
      })
    const series = await csv('series')
    expect(series.statusCode).toBe(200)
    expect(series.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(series.headers['content-disposition']).toBe(
      'attachment; filename="ventas-por-dia-2026-03-01-a-2026-03-07.csv"',
    )
    expect(series.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    const lines = series.body.replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[0]).toBe('Fecha;Ventas (ARS);Pedidos')
    expect(lines).toHaveLength(1 + 7 + 1) // header, 7 days, the final line break
    const march3 = want.byDay.get('2026-03-03')!
    const pesos = (c: number) => `${Math.floor(c / 100)},${String(c % 100).padStart(2, '0')}`
    expect(lines).toContain(`2026-03-03;${pesos(march3.sales)};${march3.orders}`)
    expect(lines).toContain('2026-03-02;0,00;0')

    const delivery = (await csv('byDeliveryType')).body.split('\r\n')
    expect(delivery[0]).toBe('\uFEFFTipo de entrega;Ventas (ARS);Pedidos')
    const pickup = want.byDeliveryType.get('pickup')!
    expect(delivery).toContain(`Retiro en tienda;${pesos(pickup.sales)};${pickup.orders}`)

    const products = (await csv('topProducts')).body.split('\r\n')
    expect(products[1]).toBe(`Medialunas x 12;${want.units};${pesos(want.productSales)}`)

    const methods = await csv('byPaymentMethod')
    expect(methods.headers['content-disposition']).toContain('ventas-por-medio-de-pago')

    const bad = await csv('orders')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0].name).toBe('table')
  })
})

describe('best sellers by revenue and by units', () => {
  type Line = { productId: string; quantity: number; price: number }
  type Sale = { lines: Line[]; counted: boolean }
  let shop: Shop
  let sales: Sale[]
  const products: Record<string, { _id: string; variantId: string; price: number; title: string }> =
    {}
  const collections: Record<string, { _id: string; title: string; productIds: string[] }> = {}

  /** A product of the shop with one variant, in the given collections. */
  async function product(title: string, price: number, collectionIds: string[]) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/products',
      headers: shop.seller.headers,
      payload: { title, status: 'active', collectionIds, variants: [{ price, stock: 1000 }] },
    })
    if (res.statusCode !== 201) throw new Error(`product: ${res.body}`)
    const body = res.json() as { _id: string; variants: Array<{ _id: string }> }
    return { _id: body._id, variantId: body.variants[0]!._id, price, title }
  }

  async function collection(title: string) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/collections',
      headers: shop.seller.headers,
      payload: { title },
    })
    return { _id: (res.json() as { _id: string })._id, title, productIds: [] as string[] }
  }

  /** One order of several products, dated in the range; optionally cancelled or refunded. */
  async function sell(
    items: Array<[string, number]>,
    opts: { cancel?: boolean; refund?: boolean } = {},
  ) {
    const customer = await customerWithAddress(app)
    const { response } = await confirmOrder(
      app,
      customer,
      items.map(([name, quantity]) => ({ variantId: products[name]!.variantId, quantity })),
      { deliveryType: 'pickup', paymentMethod: 'cash' },
    )
    if (response.statusCode !== 200) throw new Error(`confirm: ${response.body}`)
    const id = (response.json().order as { _id: string })._id
    const admin = (method: 'POST' | 'PUT', url: string, payload?: object) =>
      app.inject({
        method,
        url: `/api/v1/admin/orders/${id}${url}`,
        headers: shop.seller.headers,
        ...(payload ? { payload } : {}),
      })
    if (opts.cancel) expect((await admin('PUT', '', { status: 'cancelled' })).statusCode).toBe(200)
    if (opts.refund) {
      expect((await admin('POST', '/mark-as-paid')).statusCode).toBe(200)
      expect((await admin('POST', '/refund')).statusCode).toBe(200)
    }
    await app.db
      .update(orders)
      .set({ createdAt: new Date('2026-04-10T15:00:00-03:00') })
      .where(eq(orders.id, id))
    sales.push({
      counted: !opts.cancel && !opts.refund,
      lines: items.map(([name, quantity]) => ({
        productId: products[name]!._id,
        quantity,
        price: products[name]!.price,
      })),
    })
  }

  /** Units and line revenue per product and per collection, from the orders this test placed. */
  function want() {
    const perProduct = new Map<string, { units: number; sales: number }>()
    for (const sale of sales.filter((s) => s.counted))
      for (const line of sale.lines) {
        const entry = perProduct.get(line.productId) ?? { units: 0, sales: 0 }
        perProduct.set(line.productId, {
          units: entry.units + line.quantity,
          sales: entry.sales + line.quantity * line.price,
        })
      }
    const productRows = Object.values(products)
      .filter((p) => perProduct.has(p._id))
      .map((p) => ({ productId: p._id, title: p.title, ...perProduct.get(p._id)! }))
    const collectionRows = Object.values(collections)
      .map((c) => {
        const sold = c.productIds
          .filter((id) => perProduct.has(id))
          .map((id) => perProduct.get(id)!)
        return {
          collectionId: c._id,
          title: c.title,
          units: sold.reduce((sum, p) => sum + p.units, 0),
          sales: sold.reduce((sum, p) => sum + p.sales, 0),
          sold: sold.length,
        }
      })
      .filter((c) => c.sold > 0)
      .map(({ sold: _sold, ...row }) => row)
    type Row = { units: number; sales: number }
    const bySales = <T extends Row>(rows: T[]) =>
      [...rows].sort((a, b) => b.sales - a.sales || b.units - a.units)
    const byUnits = <T extends Row>(rows: T[]) =>
      [...rows].sort((a, b) => b.units - a.units || b.sales - a.sales)
    return {
      topProducts: bySales(productRows),
      topProductsByUnits: byUnits(productRows),
      topCollections: bySales(collectionRows),
      topCollectionsByUnits: byUnits(collectionRows),
    }
  }

  beforeAll(async () => {
    shop = await shopForCheckout(app, { stock: 1000 })
    sales = []
    collections.facturas = await collection('Facturas')
    collections.bebidas = await collection('Bebidas')
    collections.vacia = await collection('Sin ventas')
    const inCollections = async (name: string, title: string, price: number, keys: string[]) => {
      products[name] = await product(
        title,
        price,
        keys.map((k) => collections[k]!._id),
      )
      for (const k of keys) collections[k]!.productIds.push(products[name]!._id)
    }
    // A cheap product sold by the dozen, an expensive one sold once, one in two collections.
    await inCollections('cafe', 'Café en grano', 150_000, ['bebidas', 'facturas'])
    await inCollections('torta', 'Torta Rogel', 2_500_000, [])
    await inCollections('jugo', 'Jugo de naranja', 90_000, ['bebidas'])
    await inCollections('vigilante', 'Vigilantes x 6', 400_000, ['facturas'])
    await sell([
      ['cafe', 3],
      ['jugo', 5],
    ])
    await sell([['torta', 1]])
    await sell([
      ['jugo', 7],
      ['vigilante', 3],
    ])
    await sell([['cafe', 2]])
    // Neither a cancelled nor a refunded order counts.
    await sell([['vigilante', 20]], { cancel: true })
    await sell([['cafe', 30]], { refund: true })
  })

  test('products and collections ranked by revenue and by units equal sums over the lines', async () => {
    const body = (await analytics(shop, 'from=2026-04-10&to=2026-04-10')).json()
    const expected = want()
    // The rankings disagree, so a list sorted the wrong way fails.
    expect(expected.topProducts[0]!.title).toBe('Torta Rogel')
    expect(expected.topProductsByUnits[0]!.title).toBe('Jugo de naranja')
    expect(expected.topCollections[0]!.title).not.toBe(expected.topCollectionsByUnits[0]!.title)
    expect(body.topProducts).toEqual(expected.topProducts)
    expect(body.topProductsByUnits).toEqual(expected.topProductsByUnits)
    expect(body.topCollections).toEqual(expected.topCollections)
    expect(body.topCollectionsByUnits).toEqual(expected.topCollectionsByUnits)
    // A collection without sales in the range is not listed.
    expect(body.topCollections.map((c: { title: string }) => c.title)).not.toContain('Sin ventas')
  })

  test('the CSV of each ranking lists the same rows in the same order', async () => {
    const expected = want()
    const pesos = (c: number) => `${Math.floor(c / 100)},${String(c % 100).padStart(2, '0')}`
    const csvRows = async (table: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/admin/analytics/export?from=2026-04-10&to=2026-04-10&table=${table}`,
        headers: shop.seller.headers,
      })
      expect(res.statusCode).toBe(200)
      return {
        res,
        lines: res.body
          .replace(/^\uFEFF/, '')
          .split('\r\n')
          .filter(Boolean),
      }
    }
    const units = await csvRows('topProductsByUnits')
    expect(units.res.headers['content-disposition']).toBe(
      'attachment; filename="productos-mas-vendidos-por-unidades-2026-04-10-a-2026-04-10.csv"',
    )
    expect(units.lines).toEqual([
      'Producto;Unidades;Ventas (ARS)',
      ...expected.topProductsByUnits.map((p) => `${p.title};${p.units};${pesos(p.sales)}`),
    ])
    for (const table of ['topCollections', 'topCollectionsByUnits'] as const) {
      const { res, lines } = await csvRows(table)
      expect(res.headers['content-disposition']).toContain(
        table === 'topCollections'
          ? '"colecciones-mas-vendidas-2026'
          : 'colecciones-mas-vendidas-por-unidades-',
      )
      expect(lines).toEqual([
        'Colección;Unidades;Ventas (ARS)',
        ...expected[table].map((c) => `${c.title};${c.units};${pesos(c.sales)}`),
      ])
    }
  })
})

describe('Buenos Aires days', () => {
  let shop: Shop
  let placed: Placed[]
  beforeAll(async () => {
    shop = await shopForCheckout(app, { stock: 1000 })
    placed = [
      // 00:00 ART on the 1st is 03:00 UTC: the 1st. One second earlier is still February.
      await place(shop, { at: '2026-03-01T03:00:00Z' }),
      await place(shop, { at: '2026-03-01T02:59:59Z', quantity: 2 }),
      // 23:30 ART on the 1st is 02:30 UTC on the 2nd: the 1st.
      await place(shop, { at: '2026-03-02T02:30:00Z', quantity: 3 }),
      // 00:30 ART on the 2nd.
      await place(shop, { at: '2026-03-02T03:30:00Z', quantity: 4 }),
    ]
  })

  test('an order belongs to its Buenos Aires day, not its UTC day', async () => {
    const body = (await analytics(shop, 'from=2026-02-28&to=2026-03-02')).json()
    const total = (i: number) => placed[i]!.total
    expect(body.series).toEqual([
      { date: '2026-02-28', sales: total(1), orders: 1 },
      { date: '2026-03-01', sales: total(0) + total(2), orders: 2 },
      { date: '2026-03-02', sales: total(3), orders: 1 },
    ])
  })

  test('one day is split by Buenos Aires hour', async () => {
    const body = (await analytics(shop, 'from=2026-03-01&to=2026-03-01')).json()
    expect(body.granularity).toBe('hour')
    expect(body.series).toHaveLength(24)
    expect(body.series[0]).toEqual({
      date: '2026-03-01T00',
      sales: placed[0]!.total,
      orders: 1,
    })
    expect(body.series[23]).toEqual({
      date: '2026-03-01T23',
      sales: placed[2]!.total,
      orders: 1,
    })
    expect(body.totals.orders).toBe(2)
    // The previous period of one day is the day before.
    expect(body.previous).toMatchObject({
      from: '2026-02-28',
      to: '2026-02-28',
      orders: 1,
      sales: placed[1]!.total,
    })
  })
})

describe('access and validation', () => {
  test("another store's id answers 403 and shows nothing", async () => {
    const victim = await shopForCheckout(app)
    const other = await signedInSeller(app)
    for (const url of [
      '/api/v1/admin/analytics?from=2026-03-01&to=2026-03-07',
      '/api/v1/admin/analytics/export?from=2026-03-01&to=2026-03-07&table=series',
    ]) {
      const res = await app.inject({
        method: 'GET',
        url,
        headers: { ...other.headers, 'x-store-id': victim.seller.store._id },
      })
      expect(res.statusCode).toBe(403)
      expect(res.body).not.toContain('sales')
    }
  })

  test('bad ranges answer 400 naming from or to, in Spanish', async () => {
    const seller = await signedInSeller(app)
    const errorsFor = async (query: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/admin/analytics?${query}`,
        headers: seller.headers,
      })
      expect(res.statusCode).toBe(400)
      return res.json().errors as Array<{ name: string; message: string }>
    }
    expect(await errorsFor('from=2026-13-01&to=2026-03-07')).toEqual([
      { name: 'from', message: 'Usá una fecha de inicio con el formato AAAA-MM-DD' },
    ])
    expect((await errorsFor('from=2026-03-01'))[0]!.name).toBe('to')
    expect(await errorsFor('from=2026-03-07&to=2026-03-01')).toEqual([
      { name: 'to', message: 'La fecha de fin no puede ser anterior a la de inicio' },
    ])
    expect(await errorsFor('from=2025-01-01&to=2026-01-02')).toEqual([
      { name: 'to', message: 'Elegí un período de 366 días como máximo' },
    ])
    // 366 days (a leap year) is allowed.
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/analytics?from=2024-01-01&to=2024-12-31',
      headers: seller.headers,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().series).toHaveLength(366)
  })
})
