import { readFileSync } from 'node:fs'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { migrationsFolder } from '../../db/migrate.ts'
import { storeCustomers } from '../../db/schema/customers.ts'
import { canonicalPhone } from '../../lib/phone.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { signedInSeller } from '../../../test/factories.ts'

/** Migration 0020 as committed, run again over phones stored the way they were before it. */
const migration = readFileSync(
  path.join(migrationsFolder(), '0020_store_customer_phones.sql'),
  'utf8',
)

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.close()
})

test('migration 0020 writes stored phones as lib/phone.ts does, and leaves the rest alone', async () => {
  const seller = await signedInSeller(app)
  // What was typed, and what libphonenumber stored for it before the one spelling.
  const stored: Array<[typed: string | null, phone: string]> = [
    ['11 5555-1234', '+541155551234'],
    ['011 4555-1234', '+541145551234'],
    ['351 512-3456', '+543515123456'],
    ['2944 123456', '+542944123456'],
    ['+54 9 11 5555-9876', '+5491155559876'],
    ['0800 333 4444', '+548003334444'],
    ['+1 202 555 0123', '+12025550123'],
    ['+598 94 123 456', '+59894123456'],
    // A checkout phone no number could be read from was kept as typed.
    [null, '15 5555'],
    [null, ''],
  ]
  const rows = await app.db
    .insert(storeCustomers)
    .values(
      stored.map(([, phone], i) => ({
        storeId: seller.store._id,
        firstName: `Cliente ${i}`,
        lastName: 'Prueba',
        phone,
      })),
    )
    .returning({ id: storeCustomers.id })

  await app.db.execute(sql.raw(migration))

  for (const [i, [typed, before]] of stored.entries()) {
    const [row] = await app.db
      .select({ phone: storeCustomers.phone })
      .from(storeCustomers)
      .where(eq(storeCustomers.id, rows[i]!.id))
    // The SQL agrees with the normaliser the API applies to what the seller types.
    const want = typed === null ? before : canonicalPhone(typed)
    expect(row!.phone, typed ?? before).toBe(want)
    if (typed !== null) expect(canonicalPhone(before)).toBe(want)
  }
  expect(canonicalPhone('11 5555-1234')).toBe('+5491155551234')
  expect(canonicalPhone('0800 333 4444')).toBe('+548003334444')
})
