import { existsSync, mkdtempSync, openSync, readSync, closeSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { test, expect, beforeAll, afterAll } from 'vitest'
import { verify } from '@node-rs/argon2'
import { isValidCuit } from '@barrio/contracts/auth'
import { eq, sql } from 'drizzle-orm'
import { openDatabase } from '../db/client.ts'
import type { Database } from '../db/client.ts'
import { runMigrations } from '../db/migrate.ts'
import {
  collections,
  merchantApplications,
  productCollections,
  productMedia,
  products,
  productVariants,
  stores,
  users,
} from '../db/schema/index.ts'
import { DEMO_ACCOUNTS, isDatabaseEmpty, seedDemo } from './demo-seed.ts'
import type { SeedDemoResult } from './demo-seed.ts'

let database: Database
let uploadsDir: string
let emptyBefore: boolean
let result: SeedDemoResult
const logs: string[] = []

beforeAll(async () => {
  uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'barrio-seed-'))
  database = await openDatabase({ driver: 'pglite' })
  await runMigrations(database)
  emptyBefore = await isDatabaseEmpty(database.db)
  result = await seedDemo(database.db, { uploadsDir, log: (msg) => logs.push(msg) })
  console.log('TIMING', logs[0])
}, 180_000)

afterAll(async () => {
  await database?.close()
  if (uploadsDir) rmSync(uploadsDir, { recursive: true, force: true })
})

test('isDatabaseEmpty is true before seeding and false after', async () => {
  expect(emptyBefore).toBe(true)
  expect(await isDatabaseEmpty(database.db)).toBe(false)
})

test('returns the counts and logs one summary line', async () => {
  const { db } = database
  expect(result.users).toBe((await db.select().from(users)).length)
  expect(result.stores).toBe((await db.select().from(stores)).length)
  expect(result.products).toBe((await db.select().from(products)).length)
  expect(result.variants).toBe((await db.select().from(productVariants)).length)
  expect(result.collections).toBe((await db.select().from(collections)).length)
  expect(result.media).toBe((await db.select().from(productMedia)).length)
  expect(logs).toHaveLength(1)
  expect(logs[0]).toMatch(/tiendas/)
})

test('the demo accounts exist with the right type, a verified e-mail and a verifiable password', async () => {
  const { db } = database
  for (const [kind, account] of Object.entries(DEMO_ACCOUNTS)) {
    const [user] = await db.select().from(users).where(eq(users.email, account.email))
    expect(user, kind).toBeDefined()
    const types = { seller: 'admin', customer: 'customer', operator: 'operator' } as const
    expect(user?.userType).toBe(types[kind as keyof typeof types])
    expect(user?.userName).toBe(account.userName)
    expect(user?.needsProfile).toBe(false)
    expect(user?.emailVerifiedAt, `${kind} e-mail verified`).toBeInstanceOf(Date)
    expect(await verify(user?.passwordHash ?? '', account.password)).toBe(true)
    expect(await verify(user?.passwordHash ?? '', 'otra-clave')).toBe(false)
  }
})

test("the operator's queue holds two pending applications with valid CUITs", async () => {
  const { db } = database
  const pending = await db
    .select()
    .from(merchantApplications)
    .where(eq(merchantApplications.status, 'pending'))
  expect(pending.map((a) => a.businessName).sort()).toEqual(['Kiosco Lucía', 'Verdulería Romero'])
  for (const a of pending) expect(isValidCuit(a.cuit), a.cuit).toBe(true)
})

test('shops cover CABA, GBA, Santa Fe, Córdoba and Mendoza; the demo seller owns several', async () => {
  const { db } = database
  const allStores = await db.select().from(stores)
  expect(allStores.length).toBeGreaterThanOrEqual(12)
  const provinces = new Set(allStores.map((s) => s.provinceCode))
  for (const code of ['C', 'B', 'S', 'X', 'M']) expect(provinces.has(code), code).toBe(true)

  const [seller] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.seller.email))
  const owned = allStores.filter((s) => s.ownerId === seller?.id)
  expect(owned.length).toBeGreaterThanOrEqual(2)
  expect(owned.some((s) => s.provinceCode === 'C')).toBe(true)
  expect(new Set(allStores.map((s) => s.ownerId)).size).toBeGreaterThan(1)

  for (const store of allStores) {
    expect(store.handle).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    expect(store.deliveryTypes).toContain('pickup')
    expect(Math.abs(store.latitude)).toBeGreaterThan(20)
    expect(Math.abs(store.longitude)).toBeGreaterThan(50)
  }
  expect(allStores.some((s) => !s.isOpen)).toBe(true)
})

test('every shop has at least 10 products and a collection with products', async () => {
  const { db } = database
  const allStores = await db.select().from(stores)
  const allProducts = await db.select().from(products)
  const allCollections = await db.select().from(collections)
  const links = await db.select().from(productCollections)
  const linkedCollections = new Set(links.map((l) => l.collectionId))
  for (const store of allStores) {
    const own = allProducts.filter((p) => p.storeId === store.id)
    expect(own.length, store.handle).toBeGreaterThanOrEqual(10)
    expect(new Set(own.map((p) => p.handle)).size).toBe(own.length)
    expect(own.some((p) => p.status === 'draft')).toBe(true)
    const withProducts = allCollections.filter(
      (c) => c.storeId === store.id && linkedCollections.has(c.id),
    )
    expect(withProducts.length, store.handle).toBeGreaterThanOrEqual(1)
  }
})

test('every product has priced variants; some have several with option values', async () => {
  const { db } = database
  const allProducts = await db.select().from(products)
  const variants = await db.select().from(productVariants)
  const byProduct = new Map<string, (typeof variants)[number][]>()
  for (const variant of variants)
    byProduct.set(variant.productId, [...(byProduct.get(variant.productId) ?? []), variant])

  let withOptions = 0
  for (const product of allProducts) {
    const own = byProduct.get(product.id) ?? []
    expect(own.length, product.handle).toBeGreaterThanOrEqual(1)
    for (const variant of own) {
      expect(Number.isInteger(variant.priceCents)).toBe(true)
      expect(variant.priceCents).toBeGreaterThan(0)
      if (variant.compareAtPriceCents !== null)
        expect(variant.compareAtPriceCents).toBeGreaterThan(variant.priceCents)
      expect(Object.keys(variant.optionValues).sort()).toEqual([...product.options].sort())
    }
    if (own.length >= 2 && own.every((v) => Object.keys(v.optionValues).length > 0)) withOptions++
  }
  expect(withOptions).toBeGreaterThan(0)
  expect(variants.some((v) => v.trackStock && v.stockQuantity === 0)).toBe(true)
})

test('every product image is a real WebP file on disk', async () => {
  const { db } = database
  const media = await db.select().from(productMedia)
  const allProducts = await db.select().from(products)
  expect(media.length).toBe(allProducts.length)
  const storeImages = (await db.select().from(stores)).flatMap((s) => [s.logoUrl, s.coverUrl])
  for (const url of [...media.map((m) => m.url), ...storeImages]) {
    expect(url).toMatch(/^\/uploads\/seed\/[a-z0-9-]+\.webp$/)
    const file = path.join(uploadsDir, (url ?? '').replace(/^\/uploads\//, ''))
    expect(existsSync(file), file).toBe(true)
    const header = Buffer.alloc(12)
    const fd = openSync(file, 'r')
    readSync(fd, header, 0, 12, 0)
    closeSync(fd)
    expect(header.subarray(0, 4).toString('ascii')).toBe('RIFF')
    expect(header.subarray(8, 12).toString('ascii')).toBe('WEBP')
  }
})

test('every shop takes cash, has logistics that match its delivery types, and charges IVA 21 %', async () => {
  const { storeLogistics, storePaymentMethods, storeTaxes } =
    await import('../db/schema/store-settings.ts')
  const { stores } = await import('../db/schema/stores.ts')
  const db = database.db
  const [allStores, methods, logistics, taxes] = await Promise.all([
    db.select().from(stores),
    db.select().from(storePaymentMethods),
    db.select().from(storeLogistics),
    db.select().from(storeTaxes),
  ])
  for (const store of allStores) {
    expect(methods.some((m) => m.storeId === store.id && m.method === 'cash' && m.enabled)).toBe(
      true,
    )
    const rules = logistics.find((l) => l.storeId === store.id)!.settings
    expect(rules.delivery.enabled).toBe(store.deliveryTypes.includes('delivery'))
    expect(rules.delivery.radiusKm).toBe(store.deliveryRadiusKm)
    expect(taxes.find((t) => t.storeId === store.id)).toMatchObject({
      rateBasisPoints: 2100,
      included: true,
    })
  }
  const transfers = methods.filter((m) => m.method === 'bank_transfer')
  expect(transfers.length).toBeGreaterThan(allStores.length / 2)
  for (const t of transfers) expect((t.details as { cbu: string }).cbu).toMatch(/^\d{22}$/)
})

test("every demo customer's order addresses are delivery addresses a phone order can use (issue 30)", async () => {
  // Doors (street, number, floor, city) orders went to that are not among the customer's saved
  // delivery addresses: the new-order form only offers saved ones.
  const missing = await database.db.execute(sql`
    select o.customer_id, o.shipping_address->>'street' as street
      from orders o
     where o.customer_id is not null and o.shipping_address is not null
       and not exists (
         select 1 from store_customer_addresses a
          where a.customer_id = o.customer_id
            and lower(trim(a.street)) = lower(trim(o.shipping_address->>'street'))
            and lower(trim(a.number)) = lower(trim(o.shipping_address->>'number'))
            and lower(trim(coalesce(a.floor_apartment, ''))) = lower(trim(coalesce(o.shipping_address->>'floorApartment', '')))
            and lower(trim(a.city)) = lower(trim(o.shipping_address->>'city')))`)
  expect(missing.rows).toEqual([])
  const saved = await database.db.execute(
    sql`select count(*)::int as n from store_customer_addresses`,
  )
  expect((saved.rows[0] as { n: number }).n).toBeGreaterThan(0)
})

test('groceries carry the unit of measure their titles and variants name; tools and mugs do not (decision 050)', async () => {
  const { db } = database
  const rows = await db
    .select({
      title: products.title,
      variant: productVariants.title,
      unitMeasure: productVariants.unitMeasure,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
  const measureOf = (title: string, variant = 'Predeterminado') =>
    rows.find((r) => r.title === title && r.variant === variant)?.unitMeasure
  expect(measureOf('Yerba mate orgánica 500 g')).toEqual({ unit: 'g', quantity: 500 })
  expect(measureOf('Medialunas de manteca x 12')).toEqual({ unit: 'unit', quantity: 12 })
  expect(measureOf('Malbec Reserva 750 ml', 'Botella')).toEqual({ unit: 'ml', quantity: 750 })
  // The variant speaks first: a box of 6 is priced per bottle.
  expect(measureOf('Malbec Reserva 750 ml', 'Caja x 6')).toEqual({ unit: 'unit', quantity: 6 })
  expect(measureOf('Helado artesanal por kilo', '1 kg')).toEqual({ unit: 'kg', quantity: 1 })
  expect(measureOf('Helado artesanal por kilo', '250 g')).toEqual({ unit: 'g', quantity: 250 })
  // A hardware shop's tape and a café's mug say a size, not what the price buys.
  for (const title of ['Cinta métrica 5 m', 'Taza de cerámica esmaltada 250 ml']) {
    const own = rows.filter((r) => r.title === title)
    expect(own.length, title).toBeGreaterThan(0)
    expect(own.map((r) => r.unitMeasure)).toEqual(own.map(() => null))
  }
})
