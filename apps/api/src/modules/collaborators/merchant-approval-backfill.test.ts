import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { signedInCustomer, signedInSeller, teamMember } from '../../../test/factories.ts'
import { migrationsFolder } from '../../db/migrate.ts'
import { merchantApplications } from '../../db/schema/identity.ts'
import { users } from '../../db/schema/users.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.close()
})

/** The data statements of migration 0021 (after its ALTER), run again on rows set up as before it. */
async function runBackfill() {
  const text = await readFile(path.join(migrationsFolder(), '0021_merchant_approval.sql'), 'utf8')
  const statements = text
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter((s) => /^(--.*\n)*\s*UPDATE/i.test(s))
  expect(statements).toHaveLength(2)
  for (const statement of statements) await app.db.execute(sql.raw(statement))
}

const stateOf = async (ids: string[]) =>
  new Map(
    (
      await app.db
        .select({ id: users.id, userType: users.userType, merchant: users.merchantApprovedAt })
        .from(users)
        .where(inArray(users.id, ids))
    ).map((r) => [r.id, { userType: r.userType, merchant: r.merchant !== null }]),
  )

describe('migration 0021: who was a merchant before issue 22', () => {
  test('sellers stay merchants; those whose seller area came only from an invitation do not, and lose it with the team', async () => {
    const owner = await signedInSeller(app)
    const member = await teamMember(app, owner, 'staff')
    const leftTeam = await teamMember(app, owner, 'manager')
    const team = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/collaborators',
      headers: owner.headers,
    })
    const leftId = (team.json() as { docs: Array<{ _id: string; userId: string }> }).docs.find(
      (d) => d.userId === leftTeam.user._id,
    )!._id
    await app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/collaborators/${leftId}`,
      headers: owner.headers,
    })
    const approvedNoStore = await signedInCustomer(app)
    await app.db.insert(merchantApplications).values({
      userId: approvedNoStore.user._id,
      businessName: 'Almacén',
      cuit: '20-12345678-6',
      phone: '+5491155551234',
      category: 'almacen',
      address: { street: 'A', number: '1', city: 'CABA', provinceCode: 'C' },
      status: 'approved',
      decidedAt: new Date('2026-05-01T12:00:00Z'),
    })
    const legacySeller = await signedInCustomer(app)
    const customer = await signedInCustomer(app)

    // As before the migration: every seller is `admin` with no approval date, the one who left
    // the team included (the bug kept it).
    const sellers = [owner, member, leftTeam, approvedNoStore, legacySeller].map((p) => p.user._id)
    await app.db
      .update(users)
      .set({ userType: 'admin', merchantApprovedAt: null })
      .where(inArray(users.id, sellers))
    await runBackfill()

    const after = await stateOf([...sellers, customer.user._id])
    expect(after.get(owner.user._id)).toEqual({ userType: 'admin', merchant: true })
    expect(after.get(approvedNoStore.user._id)).toEqual({ userType: 'admin', merchant: true })
    expect(after.get(legacySeller.user._id)).toEqual({ userType: 'admin', merchant: true })
    expect(after.get(member.user._id)).toEqual({ userType: 'admin', merchant: false })
    expect(after.get(leftTeam.user._id)).toEqual({ userType: 'customer', merchant: false })
    expect(after.get(customer.user._id)).toEqual({ userType: 'customer', merchant: false })
    const [approved] = await app.db
      .select({ at: users.merchantApprovedAt })
      .from(users)
      .where(eq(users.id, approvedNoStore.user._id))
    expect(approved?.at?.toISOString()).toBe('2026-05-01T12:00:00.000Z')
  })
})
