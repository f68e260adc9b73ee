import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { addresses } from '../../db/schema/addresses.ts'
import { isSameAddress } from './address-identity.ts'

export type AddressRow = typeof addresses.$inferSelect
/** Who owns an address: a signed-in user, or an anonymous device. */
export type AddressOwner = { userId: string } | { deviceId: string }

function ownedBy(owner: AddressOwner): SQL {
  return 'userId' in owner
    ? eq(addresses.userId, owner.userId)
    : and(eq(addresses.deviceId, owner.deviceId), isNull(addresses.userId))!
}

export function createAddressesRepository(db: Db) {
  return {
    async list(owner: AddressOwner, { page, limit }: { page: number; limit: number }) {
      const where = ownedBy(owner)
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(addresses)
          .where(where)
          .orderBy(desc(addresses.isDefault), asc(addresses.createdAt), asc(addresses.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(addresses)
          .where(where),
      ])
      return { rows, total: count?.total ?? 0 }
    },
    async find(owner: AddressOwner, id: string): Promise<AddressRow | null> {
      const [row] = await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, id), ownedBy(owner)))
      return row ?? null
    },
    async countOwned(owner: AddressOwner): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(addresses)
        .where(ownedBy(owner))
      return row?.total ?? 0
    },
    // The writes below run in the service's transaction (`tx`): each is several statements that
    // keep exactly one default per owner.
    /** Inserts; when it is the default, the previous default is cleared. */
    async insert(
      tx: Tx,
      owner: AddressOwner,
      values: Omit<typeof addresses.$inferInsert, 'userId' | 'deviceId'>,
    ) {
      if (values.isDefault)
        await tx.update(addresses).set({ isDefault: false }).where(ownedBy(owner))
      const [row] = await tx
        .insert(addresses)
        .values({
          ...values,
          ...('userId' in owner ? { userId: owner.userId } : { deviceId: owner.deviceId }),
        })
        .returning()
      if (!row) throw new Error('insert returned no row')
      return row
    },
    async update(
      tx: Tx,
      owner: AddressOwner,
      id: string,
      values: Partial<typeof addresses.$inferInsert>,
    ) {
      if (values.isDefault)
        await tx.update(addresses).set({ isDefault: false }).where(ownedBy(owner))
      const [row] = await tx
        .update(addresses)
        .set(values)
        .where(and(eq(addresses.id, id), ownedBy(owner)))
        .returning()
      return row ?? null
    },
    async setDefault(tx: Tx, owner: AddressOwner, id: string) {
      await tx.update(addresses).set({ isDefault: false }).where(ownedBy(owner))
      const [row] = await tx
        .update(addresses)
        .set({ isDefault: true })
        .where(and(eq(addresses.id, id), ownedBy(owner)))
        .returning()
      return row ?? null
    },
    /** Deletes; when the default goes, the oldest remaining address becomes the default. */
    async remove(tx: Tx, owner: AddressOwner, id: string): Promise<boolean> {
      const [removed] = await tx
        .delete(addresses)
        .where(and(eq(addresses.id, id), ownedBy(owner)))
        .returning()
      if (!removed) return false
      if (removed.isDefault) {
        const [next] = await tx
          .select({ id: addresses.id })
          .from(addresses)
          .where(ownedBy(owner))
          .orderBy(asc(addresses.createdAt))
          .limit(1)
        if (next)
          await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id))
      }
      return true
    },
    /**
     * On sign-in, a device's addresses move to the account, keeping exactly one default. When the
     * account already has the same place (address-identity.ts), the account's copy goes and the
     * device's stays (taking over its default): the signing-in device keeps the id it has
     * selected, and the account's other devices fall back to the default when theirs is gone.
     */
    async moveDeviceToUser(tx: Tx, deviceId: string, userId: string) {
      const fromDevice = and(eq(addresses.deviceId, deviceId), isNull(addresses.userId))!
      const [accountRows, deviceRows] = await Promise.all([
        tx.select().from(addresses).where(eq(addresses.userId, userId)),
        tx.select().from(addresses).where(fromDevice),
      ])
      if (deviceRows.length === 0) return
      let inheritedDefault: string | null = null
      const replaced: string[] = []
      for (const kept of accountRows) {
        const copy = deviceRows.find((row) => isSameAddress(row, kept))
        if (!copy) continue
        replaced.push(kept.id)
        if (kept.isDefault) inheritedDefault = copy.id
      }
      if (replaced.length) await tx.delete(addresses).where(inArray(addresses.id, replaced))

      const accountKeepsDefault = accountRows.some(
        (row) => row.isDefault && !replaced.includes(row.id),
      )
      if (accountKeepsDefault) {
        await tx.update(addresses).set({ isDefault: false }).where(fromDevice)
      } else if (inheritedDefault) {
        await tx.update(addresses).set({ isDefault: false }).where(fromDevice)
        await tx
          .update(addresses)
          .set({ isDefault: true })
          .where(eq(addresses.id, inheritedDefault))
      }
      await tx.update(addresses).set({ userId }).where(fromDevice)
    },
  }
}
export type AddressesRepository = ReturnType<typeof createAddressesRepository>
