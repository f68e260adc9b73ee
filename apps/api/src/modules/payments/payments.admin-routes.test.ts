import type { AdminPayment, AdminPaymentSummary } from '@barrio/contracts/admin-payments'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { paymentTransactions } from '../../db/schema/payments.ts'
import { confirmOrder, customerWithAddress, shopForCheckout } from '../../../test/factories.ts'
import { withFakeMercadoPago } from '../../../test/mercado-pago-orders.ts'

const TOKEN = 'APP_USR-ledger-0000000000'
const SECRET = 'ledger-webhook-secret'
const suite = withFakeMercadoPago({ accessToken: TOKEN, webhookSecret: SECRET })

type Shop = Awaited<ReturnType<typeof shopForCheckout>>
let shop: Shop
let other: Shop

const methods = [
  { method: 'cash', details: { onPickup: true, onDelivery: true } },
  {
    method: 'bank_transfer',
    details: { cbu: '0110599520000001234567', alias: 'medialunas.ok', holder: 'Panadería SRL' },
  },
  { method: 'mercado_pago', details: { accessToken: TOKEN } },
]

beforeAll(async () => {
  shop = await shopForCheckout(suite.app, { stock: 1000, methods })
  other = await shopForCheckout(suite.app, { stock: 1000, methods })
})

/** A customer orders `quantity` medialunas for pickup, paying with `paymentMethod`. */
async function order(
  paymentMethod: 'cash' | 'bank_transfer' | 'mercado_pago',
  at: Shop = shop,
  quantity = 1,
) {
  const c = await customerWithAddress(suite.app)
  const { response } = await confirmOrder(suite.app, c, [{ variantId: at.manteca._id, quantity }], {
    deliveryType: 'pickup',
    paymentMethod,
  })
  if (response.statusCode !== 200) throw new Error(`confirm: ${response.body}`)
  return response.json().order as { _id: string; number: number; total: number }
}

let paymentIds = 70_000
/** Mercado Pago approves a payment of the order (reporting its fee) and notifies the webhook. */
async function payWithMercadoPago(o: { _id: string; total: number }, status = 'approved') {
  const id = String(paymentIds++)
  suite.mp.payments.set(id, {
    status,
    transaction_amount: o.total / 100,
    external_reference: o._id,
    fee_details: [
      { type: 'mercadopago_fee', amount: (o.total * 0.05) / 100 },
      { type: 'financing_fee', amount: 10 },
    ],
    transaction_details: { net_received_amount: (o.total * 0.95) / 100 - 10 },
  })
  const n = suite.mp.signedNotification(id)
  const res = await suite.app.inject({
    method: 'POST',
    url: `/api/v1/payments/mercadopago/webhook?orderId=${o._id}&${n.query}`,
    headers: n.headers,
    payload: n.payload,
  })
  expect(res.statusCode).toBe(200)
  return id
}

const sellerPost = (url: string, at: Shop = shop) =>
  suite.app.inject({
    method: 'POST',
    url: `/api/v1/admin/orders${url}`,
    headers: at.seller.headers,
  })
const get = (url: string, headers: Record<string, string> = shop.seller.headers) =>
  suite.app.inject({ method: 'GET', url: `/api/v1/admin/payments${url}`, headers })
const q = (filter: object) => `query=${encodeURIComponent(JSON.stringify(filter))}`

/** Every ledger row of the order (the list filtered by nothing but read in full). */
async function rowsOf(orderId: string, at: Shop = shop): Promise<AdminPayment[]> {
  const docs: AdminPayment[] = []
  for (let page = 1; ; page++) {
    const res = await get(`?page=${page}&limit=100`, at.seller.headers)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    docs.push(...body.docs)
    if (!body.hasNextPage) break
  }
  return docs.filter((d) => d.orderId === orderId)
}

const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(
    new Date(),
  )

describe('the ledger records every payment event once', () => {
  test('a Mercado Pago payment through the webhook, with the fee and net it reported', async () => {
    const o = await order('mercado_pago', shop, 2)
    const paymentId = await payWithMercadoPago(o)
    // Mercado Pago repeats notifications: the ledger must not count the money twice.
    const n = suite.mp.signedNotification(paymentId)
    await suite.app.inject({
      method: 'POST',
      url: `/api/v1/payments/mercadopago/webhook?orderId=${o._id}&${n.query}`,
      headers: n.headers,
      payload: n.payload,
    })
    const fee = Math.round(o.total * 0.05) + 1000
    expect(await rowsOf(o._id)).toEqual([
      expect.objectContaining({
        orderNumber: o.number,
        customerName: 'Lucía Fernández',
        method: 'mercado_pago',
        kind: 'payment',
        status: 'approved',
        amount: o.total,
        currency: 'ARS',
        providerPaymentId: paymentId,
        fee,
        net: o.total - fee,
      }),
    ])
  })

  test('a Mercado Pago payment in process, then approved, is one row that ends approved', async () => {
    const o = await order('mercado_pago')
    await payWithMercadoPago(o, 'in_process')
    expect((await rowsOf(o._id)).map((r) => r.status)).toEqual(['pending'])
    await payWithMercadoPago(o, 'approved')
    const rows = await rowsOf(o._id)
    expect(rows.map((r) => [r.kind, r.status])).toEqual([['payment', 'approved']])
  })

  test('a transfer marked paid by the seller: one payment row, no fee reported', async () => {
    const o = await order('bank_transfer')
    expect(await rowsOf(o._id)).toEqual([])
    expect((await sellerPost(`/${o._id}/mark-as-paid`)).statusCode).toBe(200)
    expect((await sellerPost(`/${o._id}/mark-as-paid`)).statusCode).toBe(409)
    expect(await rowsOf(o._id)).toEqual([
      expect.objectContaining({
        method: 'bank_transfer',
        kind: 'payment',
        status: 'approved',
        amount: o.total,
        providerPaymentId: null,
        fee: null,
        net: null,
      }),
    ])
  })

  test('a refund adds one refund row next to the payment', async () => {
    const o = await order('cash')
    await sellerPost(`/${o._id}/mark-as-paid`)
    expect((await sellerPost(`/${o._id}/refund`)).statusCode).toBe(200)
    expect((await sellerPost(`/${o._id}/refund`)).statusCode).toBe(409)
    const rows = await rowsOf(o._id)
    expect(rows.map((r) => [r.kind, r.method, r.amount]).sort()).toEqual([
      ['payment', 'cash', o.total],
      ['refund', 'cash', o.total],
    ])
  })

  test('a Mercado Pago refund recorded by the seller and then notified is one refund', async () => {
    const o = await order('mercado_pago')
    const paymentId = await payWithMercadoPago(o)
    expect((await sellerPost(`/${o._id}/refund`)).statusCode).toBe(200)
    suite.mp.payments.set(paymentId, {
      status: 'refunded',
      transaction_amount: o.total / 100,
      external_reference: o._id,
    })
    const n = suite.mp.signedNotification(paymentId)
    await suite.app.inject({
      method: 'POST',
      url: `/api/v1/payments/mercadopago/webhook?orderId=${o._id}&${n.query}`,
      headers: n.headers,
      payload: n.payload,
    })
    const refunds = (await rowsOf(o._id)).filter((r) => r.kind === 'refund')
    expect(refunds).toEqual([
      expect.objectContaining({
        amount: o.total,
        providerPaymentId: paymentId,
        status: 'approved',
      }),
    ])
  })

  test('an order awaiting its transfer or cash is not in the ledger; the order filter finds it', async () => {
    const waiting = await order('bank_transfer')
    const res = await suite.app.inject({
      method: 'GET',
      url: `/api/v1/admin/orders?${q({ unpaid: true, paymentMethod: { $in: ['bank_transfer', 'cash'] } })}&limit=100`,
      headers: shop.seller.headers,
    })
    expect(res.statusCode).toBe(200)
    const docs = res.json().docs as Array<{ _id: string; paymentStatus: string }>
    expect(docs.map((d) => d._id)).toContain(waiting._id)
    expect(docs.every((d) => d.paymentStatus === 'pending')).toBe(true)
    expect(await rowsOf(waiting._id)).toEqual([])
  })
})

describe('list, filters and summary', () => {
  test('25 a page, newest first, in the paginated envelope', async () => {
    const res = await get('')
    expect(res.statusCode).toBe(200)
    const page = res.json()
    expect(page).toMatchObject({ page: 1, limit: 25 })
    const times = page.docs.map((d: AdminPayment) => d.createdAt)
    expect(times).toEqual([...times].sort().reverse())
  })

  test('method, status and kind filter the rows', async () => {
    const o = await order('cash')
    await sellerPost(`/${o._id}/mark-as-paid`)
    await sellerPost(`/${o._id}/refund`)
    const refunds = (await get(`?${q({ kind: 'refund', method: { $in: ['cash'] } })}`)).json()
    expect(refunds.totalDocs).toBeGreaterThan(0)
    expect(
      refunds.docs.every((d: AdminPayment) => d.kind === 'refund' && d.method === 'cash'),
    ).toBe(true)
    const mp = (await get(`?${q({ method: 'mercado_pago', status: { $eq: 'approved' } })}`)).json()
    expect(mp.totalDocs).toBeGreaterThan(0)
    expect(
      mp.docs.every((d: AdminPayment) => d.method === 'mercado_pago' && d.status === 'approved'),
    ).toBe(true)
  })

  test('the period is Buenos Aires days: 02:59 UTC belongs to the day before', async () => {
    const o = await order('cash')
    await sellerPost(`/${o._id}/mark-as-paid`)
    // 2026-03-01 02:59 UTC is 2026-02-28 23:59 in Buenos Aires.
    await suite.app.db
      .update(paymentTransactions)
      .set({ createdAt: new Date('2026-03-01T02:59:00Z') })
      .where(eq(paymentTransactions.orderId, o._id))
    const feb = (await get(`?${q({ createdAt: { from: '2026-02-28', to: '2026-02-28' } })}`)).json()
    expect(feb.docs.map((d: AdminPayment) => d.orderId)).toEqual([o._id])
    const mar = (await get(`?${q({ createdAt: { from: '2026-03-01' } })}`)).json()
    expect(mar.docs.map((d: AdminPayment) => d.orderId)).not.toContain(o._id)
  })

  test('unknown filter keys and operators are 400 naming the field', async () => {
    for (const filter of [
      { total: 5 },
      { method: { $ne: 'cash' } },
      { createdAt: { $gte: '2026-01-01' } },
    ]) {
      const res = await get(`?${q(filter)}`)
      expect(res.statusCode).toBe(400)
      expect(res.json().errors[0].name).toMatch(/^query/)
    }
    expect((await get('?query=%7Bnot-json')).statusCode).toBe(400)
    expect((await get(`?${q({ method: 'cheque' })}`)).statusCode).toBe(400)
  })

  test('summary totals equal the sums of the approved rows of the period', async () => {
    const day = today()
    const res = await get(`/summary?from=${day}&to=${day}`)
    expect(res.statusCode).toBe(200)
    const summary = res.json() as AdminPaymentSummary
    const rows = (
      await get(`?${q({ status: 'approved', createdAt: { from: day, to: day } })}&limit=100`)
    ).json().docs as AdminPayment[]
    expect(rows.length).toBeGreaterThan(3)
    const sum = (kind: string, method?: string) =>
      rows
        .filter((r) => r.kind === kind && (!method || r.method === method))
        .reduce((s, r) => s + r.amount, 0)
    expect(summary.totals.payments).toBe(sum('payment'))
    expect(summary.totals.refunds).toBe(sum('refund'))
    expect(summary.totals.net).toBe(sum('payment') - sum('refund'))
    expect(new Set(summary.byMethod.map((m) => m.method))).toEqual(
      new Set(rows.map((r) => r.method)),
    )
    for (const m of summary.byMethod) {
      expect(m.payments).toBe(sum('payment', m.method))
      expect(m.refunds).toBe(sum('refund', m.method))
      expect(m.net).toBe(m.payments - m.refunds)
    }
    const empty = (await get('/summary?from=2020-01-01&to=2020-01-31')).json()
    expect(empty.byMethod).toEqual([])
    expect(empty.totals).toMatchObject({ payments: 0, refunds: 0, net: 0 })
    expect((await get(`/summary?from=${day}&to=2020-01-01`)).statusCode).toBe(400)
    expect((await get('/summary?from=2026-13-01&to=2026-13-02')).statusCode).toBe(400)
  })

  test('CSV: BOM, semicolons, es-AR amounts, refunds negative, a download name', async () => {
    const o = await order('bank_transfer')
    await sellerPost(`/${o._id}/mark-as-paid`)
    await sellerPost(`/${o._id}/refund`)
    const res = await get(`/export?${q({ method: 'bank_transfer' })}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/)
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="pagos.*\.csv"/)
    const raw = res.rawPayload
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines[0]).toBe(
      'Fecha;Pedido;Cliente;Medio de pago;Tipo;Estado;Monto;Comisión;Neto;ID de pago',
    )
    const mine = lines.filter((l) => l.includes(`;#${o.number};`))
    const pesos = `${Math.floor(o.total / 100)},${String(o.total % 100).padStart(2, '0')}`
    expect(mine.map((l) => l.split(';').slice(2, 7))).toEqual(
      expect.arrayContaining([
        ['Lucía Fernández', 'Transferencia bancaria', 'Reembolso', 'Aprobado', `-${pesos}`],
        ['Lucía Fernández', 'Transferencia bancaria', 'Pago', 'Aprobado', pesos],
      ]),
    )
    expect(lines.slice(1).every((l) => l.split(';')[3] === 'Transferencia bancaria')).toBe(true)
    expect((await get(`/export?${q({ nope: 1 })}`)).statusCode).toBe(400)
  })
})

describe('store isolation', () => {
  test('another store’s payments never show, and naming it in x-store-id is 403', async () => {
    const theirs = await order('cash', other)
    await sellerPost(`/${theirs._id}/mark-as-paid`, other)
    expect(await rowsOf(theirs._id, shop)).toEqual([])
    expect(await rowsOf(theirs._id, other)).toHaveLength(1)
    const foreign = { ...shop.seller.headers, 'x-store-id': other.seller.store._id }
    for (const url of ['', '/summary?from=2026-01-01&to=2026-01-31', '/export']) {
      expect((await get(url, foreign)).statusCode).toBe(403)
    }
  })
})
