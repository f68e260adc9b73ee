import { readFileSync } from 'node:fs'
import path from 'node:path'
import { asc, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { migrationsFolder } from '../../db/migrate.ts'
import { addresses } from '../../db/schema/addresses.ts'
import { checkouts } from '../../db/schema/ordering.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { customerWithAddress, readyToConfirm, shopForCheckout } from '../../../test/factories.ts'

/** Migration 0010 as committed, run again over copies made the way old sign-ins made them. */
const mergeStatement = readFileSync(
  path.join(migrationsFolder(), '0010_merge_duplicate_addresses.sql'),
  'utf8',
)

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.close()
})

test('migration 0010 keeps one of each place per account and points checkouts at it', async () => {
  const shop = await shopForCheckout(app)
  const customer = await customerWithAddress(app)
  const checkoutId = await readyToConfirm(
    app,
    customer,
    [{ variantId: shop.grasa._id, quantity: 1 }],
    {
      deliveryType: 'delivery',
      paymentMethod: 'cash',
    },
  )
  const [kept] = await app.db.select().from(addresses).where(eq(addresses.id, customer.address._id))
  expect(kept?.isDefault).toBe(true)
  const userId = kept!.userId!
  const place = {
    userId,
    street: kept!.street,
    number: kept!.number,
    city: kept!.city,
    provinceCode: kept!.provinceCode,
    latitude: kept!.latitude,
    longitude: kept!.longitude,
  }
  const inserted = await app.db
    .insert(addresses)
    .values([
      // Copies: another case, accents and punctuation, a few metres off, an older one.
      { ...place, label: 'Casa', street: place.street.toUpperCase(), number: '5.500' },
      { ...place, latitude: place.latitude + 0.0001, createdAt: new Date('2025-01-01') },
      // Not copies: the same text 2 km away, another floor, another street.
      { ...place, latitude: place.latitude + 0.02 },
      { ...place, floorApartment: '3° B' },
      { ...place, street: 'Gurruchaga' },
    ])
    .returning({ id: addresses.id })
  const [copyA, copyB, far, otherFloor, otherStreet] = inserted.map((row) => row.id)
  // Another account's identical address is its own.
  const neighbour = await customerWithAddress(app)
  // A checkout begun with a copy.
  await app.db
    .update(checkouts)
    .set({ shippingAddressId: copyA! })
    .where(eq(checkouts.id, checkoutId))

  await app.db.execute(sql.raw(mergeStatement))

  const left = await app.db
    .select({ id: addresses.id, isDefault: addresses.isDefault })
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.createdAt))
  expect(left.map((row) => row.id).sort()).toEqual(
    [customer.address._id, far, otherFloor, otherStreet].sort(),
  )
  expect(left.filter((row) => row.isDefault).map((row) => row.id)).toEqual([customer.address._id])
  expect(
    await app.db
      .select()
      .from(addresses)
      .where(inArray(addresses.id, [copyA!, copyB!])),
  ).toEqual([])
  const [checkout] = await app.db.select().from(checkouts).where(eq(checkouts.id, checkoutId))
  expect(checkout?.shippingAddressId).toBe(customer.address._id)
  const [neighbours] = await app.db
    .select()
    .from(addresses)
    .where(eq(addresses.id, neighbour.address._id))
  expect(neighbours).toBeDefined()

  // Run again: nothing more to merge.
  await app.db.execute(sql.raw(mergeStatement))
  const again = await app.db.select().from(addresses).where(eq(addresses.userId, userId))
  expect(again).toHaveLength(4)
})
