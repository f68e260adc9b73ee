import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { asc, eq } from 'drizzle-orm'
import { buildApp } from '../app.ts'
import { parseEnv } from '../config/env.ts'
import { openDatabase, type Database } from '../db/client.ts'
import { runMigrations } from '../db/migrate.ts'
import {
  fulfillments,
  orderEvents,
  orderItems,
  orders,
  productVariants,
  storeCustomers,
  stores,
  users,
} from '../db/schema/index.ts'
import { storePaymentMethods, storeTaxes } from '../db/schema/store-settings.ts'
import { cookieHeader } from '../../test/factories.ts'
import { DEMO_ACCOUNTS, seedDemo } from './demo-seed.ts'

// A Tuesday, 15:30 in Buenos Aires (UTC-3).
const NOW = new Date('2026-11-24T18:30:00Z')
const DAY = 86_400_000
const baDate = (d: Date) => new Date(d.getTime() - 3 * 3_600_000)

let first: Database
let second: Database
let uploadsDir: string

async function seeded(): Promise<Database> {
  const database = await openDatabase({ driver: 'pglite' })
  await runMigrations(database)
  await seedDemo(database.db, { uploadsDir, now: NOW })
  return database
}

beforeAll(async () => {
  uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'barrio-seed-orders-'))
  first = await seeded()
  second = await seeded()
}, 120_000)

afterAll(async () => {
  await first?.close()
  await second?.close()
  if (uploadsDir) rmSync(uploadsDir, { recursive: true, force: true })
})

async function sellerStores(db: Database['db']) {
  const [seller] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.seller.email))
  return (await db.select().from(stores)).filter((s) => s.ownerId === seller!.id)
}

test('about three months of orders, only at the demo seller shops, none after now', async () => {
  const { db } = first
  const own = new Set((await sellerStores(db)).map((s) => s.id))
  const all = await db.select().from(orders)
  expect(all.length).toBeGreaterThan(300)
  expect(all.every((o) => own.has(o.storeId))).toBe(true)
  const times = all.map((o) => o.createdAt.getTime())
  expect(Math.max(...times)).toBeLessThanOrEqual(NOW.getTime())
  const spanDays = (NOW.getTime() - Math.min(...times)) / DAY
  expect(spanDays).toBeGreaterThan(85)
  expect(spanDays).toBeLessThan(92)
  for (const id of own) expect(all.filter((o) => o.storeId === id).length).toBeGreaterThan(100)
})

test('a realistic mix of delivery types, enabled payment methods and statuses', async () => {
  const { db } = first
  const all = await db.select().from(orders)
  const methods = await db.select().from(storePaymentMethods)
  for (const store of await sellerStores(db)) {
    const own = all.filter((o) => o.storeId === store.id)
    const types = new Set(own.map((o) => o.deliveryType))
    expect([...types].sort()).toEqual([...store.deliveryTypes].sort())
    const enabled = methods.filter((m) => m.storeId === store.id && m.enabled).map((m) => m.method)
    for (const o of own) expect(enabled).toContain(o.paymentMethod)
    expect(new Set(own.map((o) => o.paymentMethod)).size).toBe(enabled.length)
    for (const o of own) {
      if (o.deliveryType === 'pickup') expect(o.shippingAddress).toBeNull()
      else expect(o.shippingAddress?.latitude).toEqual(expect.any(Number))
    }
  }
  const count = (f: (o: (typeof all)[number]) => boolean) => all.filter(f).length
  const completed = count((o) => o.status === 'completed' || o.status === 'archived')
  expect(completed / all.length).toBeGreaterThan(0.75)
  expect(count((o) => o.status === 'cancelled')).toBeGreaterThan(3)
  expect(count((o) => o.status === 'cancelled') / all.length).toBeLessThan(0.12)
  expect(count((o) => o.paymentStatus === 'refunded')).toBeGreaterThan(3)
  expect(count((o) => o.paymentStatus === 'paid') / all.length).toBeGreaterThan(0.7)
})

test('busier weekends and evenings (Buenos Aires time)', async () => {
  const all = await first.db.select().from(orders)
  const local = all.map((o) => baDate(o.createdAt))
  const perDay = (days: number[]) => local.filter((d) => days.includes(d.getUTCDay())).length
  // Per day of the week over the same 13 weeks: Saturday + Sunday against Monday + Tuesday.
  expect(perDay([6, 0])).toBeGreaterThan(perDay([1, 2]) * 1.3)
  const evening = local.filter((d) => d.getUTCHours() >= 18 && d.getUTCHours() < 22).length
  const morning = local.filter((d) => d.getUTCHours() >= 8 && d.getUTCHours() < 12).length
  expect(evening).toBeGreaterThan(morning * 1.5)
})

test('every shop has work waiting today: to prepare, in preparation, on its way, payments to confirm', async () => {
  const { db } = first
  const all = await db.select().from(orders)
  const lastDay = all.filter((o) => o.createdAt.getTime() > NOW.getTime() - DAY)
  for (const store of await sellerStores(db)) {
    const own = lastDay.filter((o) => o.storeId === store.id)
    expect(own.some((o) => o.status === 'open' && o.fulfillmentStatus === 'unfulfilled')).toBe(true)
    expect(own.some((o) => o.fulfillmentStatus === 'in_progress')).toBe(true)
    expect(own.some((o) => o.status === 'fulfilled')).toBe(true)
  }
  const pendingManual = all.filter(
    (o) =>
      o.status !== 'cancelled' &&
      o.paymentStatus === 'pending' &&
      ['bank_transfer', 'cash'].includes(o.paymentMethod),
  )
  expect(pendingManual.some((o) => o.paymentMethod === 'bank_transfer')).toBe(true)
  expect(pendingManual.some((o) => o.paymentMethod === 'cash')).toBe(true)
  const fs = await db.select().from(fulfillments)
  const active = new Set(fs.map((f) => f.status))
  expect(active.has('preparing')).toBe(true)
  expect(active.has('ready_for_pickup') || active.has('out_for_delivery')).toBe(true)
})

test('totals add up as checkout computes them: lines at catalogue prices + delivery + taxes', async () => {
  const { db } = first
  const [all, items, variants, taxes] = await Promise.all([
    db.select().from(orders),
    db.select().from(orderItems),
    db.select().from(productVariants),
    db.select().from(storeTaxes),
  ])
  const price = new Map(variants.map((v) => [v.id, v.priceCents]))
  const byOrder = new Map<string, typeof items>()
  for (const i of items) byOrder.set(i.orderId, [...(byOrder.get(i.orderId) ?? []), i])
  let withFee = 0
  for (const o of all) {
    const lines = byOrder.get(o.id) ?? []
    expect(lines.length).toBeGreaterThan(0)
    for (const l of lines) {
      expect(l.unitPrice).toBe(price.get(l.variantId))
      expect(l.lineTotal).toBe(l.unitPrice * l.quantity)
    }
    const subtotal = lines.reduce((s, l) => s + l.lineTotal, 0)
    expect(o.subtotal).toBe(subtotal)
    // The demo shops' IVA is included in prices: its share is shown, nothing is added.
    const rule = taxes.find((t) => t.storeId === o.storeId)!
    const share = subtotal - Math.round((subtotal * 10_000) / (10_000 + rule.rateBasisPoints))
    expect(o.taxLines).toEqual([{ name: 'IVA', rate: 21, amount: share, included: true }])
    expect(o.taxes).toBe(0)
    expect(o.total).toBe(subtotal + o.deliveryFee + o.taxes)
    if (o.deliveryType === 'pickup') expect(o.deliveryFee).toBe(0)
    if (o.deliveryFee > 0) withFee++
  }
  expect(withFee).toBeGreaterThan(20)
})

test('timelines match the statuses', async () => {
  const { db } = first
  const all = await db.select().from(orders)
  const events = await db.select().from(orderEvents).orderBy(asc(orderEvents.seq))
  const byOrder = new Map<string, typeof events>()
  for (const e of events) byOrder.set(e.orderId, [...(byOrder.get(e.orderId) ?? []), e])
  for (const o of all) {
    const own = byOrder.get(o.id) ?? []
    const types = own.map((e) => e.type)
    expect(types[0]).toBe('ORDER_PLACED')
    for (const e of own) {
      expect(e.createdAt.getTime()).toBeGreaterThanOrEqual(o.createdAt.getTime())
      expect(e.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime())
    }
    if (o.status === 'completed') expect(types).toContain('DELIVERED')
    if (o.status === 'cancelled') expect(types).toContain('CANCELLED')
    if (o.paymentStatus === 'refunded') expect(types).toContain('PAYMENT_REFUNDED')
    if (o.paymentStatus === 'paid') expect(types).toContain('PAYMENT_RECEIVED')
    if (o.paymentStatus === 'pending') expect(types).not.toContain('PAYMENT_RECEIVED')
    if (o.fulfillmentStatus === 'unfulfilled') expect(types).not.toContain('PREPARING')
    else expect(types).toContain('PREPARING')
  }
})

test('the demo customer has a history but no open unpaid order (checkout allows two per shop)', async () => {
  const { db } = first
  const [customer] = await db
    .select()
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.customer.email))
  const own = (await db.select().from(orders)).filter((o) => o.userId === customer!.id)
  expect(own.length).toBeGreaterThan(20)
  const openUnpaid = own.filter(
    (o) =>
      o.paymentStatus === 'pending' && !['cancelled', 'archived', 'completed'].includes(o.status),
  )
  expect(openUnpaid).toEqual([])
})

test('deterministic: two seeds with the same "now" write the same orders', async () => {
  const pick = async (db: Database['db']) =>
    (await db.select().from(orders).orderBy(asc(orders.number))).map((o) => [
      o.id,
      o.number,
      o.storeId,
      o.userId,
      o.createdAt.toISOString(),
      o.status,
      o.paymentStatus,
      o.paymentMethod,
      o.deliveryType,
      o.total,
    ])
  const a = await pick(first.db)
  expect(a.length).toBeGreaterThan(0)
  expect(await pick(second.db)).toEqual(a)
  expect((await second.db.select().from(orderItems)).length).toBe(
    (await first.db.select().from(orderItems)).length,
  )
})

test('the demo seller sees the orders at GET /api/v1/admin/orders', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'barrio-seed-app-'))
  const env = parseEnv({ DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(48) })
  const app = await buildApp({ env, database: second })
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { userName: DEMO_ACCOUNTS.seller.userName, password: DEMO_ACCOUNTS.seller.password },
    })
    expect(login.statusCode).toBe(200)
    const cookie = cookieHeader(login)
    const store = (await sellerStores(second.db))[0]!
    const expected = (await second.db.select().from(orders)).filter((o) => o.storeId === store.id)
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/orders?page=1&limit=25',
      headers: { cookie, 'x-store-id': store.id },
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.totalDocs).toBe(expected.length)
    const newest = expected.sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime())[0]!
    expect(body.docs[0]._id).toBe(newest.id)
  } finally {
    await app.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
})

test('every buyer of the history is a customer of the shops they ordered from (decision 022)', async () => {
  const { db } = first
  const all = await db.select().from(orders)
  const customers = await db.select().from(storeCustomers)
  const pairs = new Set(all.map((o) => `${o.storeId}/${o.userId}`))
  expect(customers).toHaveLength(pairs.size)
  const byId = new Map(customers.map((c) => [c.id, c]))
  for (const order of all) {
    const customer = byId.get(order.customerId ?? '')
    expect(customer, `order #${order.number}`).toBeDefined()
    expect([customer!.storeId, customer!.userId]).toEqual([order.storeId, order.userId])
  }
})

test("every history order records the demo's commission, so the operator's statements have figures (decision 045)", async () => {
  const { db } = first
  const storeCategory = new Map((await db.select().from(stores)).map((s) => [s.id, s.category]))
  const all = await db.select().from(orders)
  const expectedRate = (storeId: string) =>
    ({ kiosco: 500, restaurante: 1200 })[storeCategory.get(storeId) as string] ?? 800
  for (const o of all) {
    expect(o.commissionRateBp).toBe(expectedRate(o.storeId))
    expect(o.commission).toBe(Math.floor((o.subtotal * o.commissionRateBp + 5000) / 10000))
    // Refunded history (refunded_amount = total) gives the whole commission back.
    expect(o.commissionRefunded).toBe(o.refundedAmount >= o.total ? o.commission : 0)
  }
  expect(all.some((o) => o.commission > 0)).toBe(true)
  expect(all.some((o) => o.commissionRefunded > 0)).toBe(true)
})
