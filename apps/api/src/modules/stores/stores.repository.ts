import { and, asc, desc, eq, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { storeCollaborators } from '../../db/schema/store-settings.ts'
import { stores } from '../../db/schema/stores.ts'

export type StoreRow = typeof stores.$inferSelect
export type StoreRole = 'owner' | 'manager' | 'staff'

/**
 * The outer store's id, always qualified: drizzle writes a bare "id" in one-table queries, which
 * inside the subqueries below would name store_collaborators.id.
 */
const storeIdColumn = sql.raw('"stores"."id"')

/** A user may act on a store they own or collaborate on; this is the one query that decides it. */
function accessibleBy(userId: string) {
  return or(
    eq(stores.ownerId, userId),
    sql`exists (select 1 from ${storeCollaborators} c where c.store_id = ${storeIdColumn} and c.user_id = ${userId})`,
  )!
}
const roleOf = (userId: string) =>
  sql<StoreRole>`case when ${stores.ownerId} = ${userId} then 'owner'
    else (select c.role from ${storeCollaborators} c where c.store_id = ${storeIdColumn} and c.user_id = ${userId}) end`

export function createStoresRepository(db: Db) {
  return {
    async listForUser(userId: string, page: { page: number; limit: number }) {
      const where = and(accessibleBy(userId), eq(stores.status, 'active'))
      const [rows, [count]] = await Promise.all([
        db
          .select({ store: stores, role: roleOf(userId) })
          .from(stores)
          .where(where)
          .orderBy(asc(stores.name), asc(stores.id))
          .limit(page.limit)
          .offset((page.page - 1) * page.limit),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(stores)
          .where(where),
      ])
      return { rows, total: Number(count?.total ?? 0) }
    },
    async findForUser(userId: string, storeId: string) {
      const [row] = await db
        .select({ store: stores, role: roleOf(userId) })
        .from(stores)
        .where(and(eq(stores.id, storeId), accessibleBy(userId), eq(stores.status, 'active')))
      return row ?? null
    },
    /** Name, logo and owner of one store, whoever asks (invitations show them). */
    async brief(storeId: string) {
      const [row] = await db
        .select({
          id: stores.id,
          name: stores.name,
          logoUrl: stores.logoUrl,
          ownerId: stores.ownerId,
          status: stores.status,
          createdAt: stores.createdAt,
        })
        .from(stores)
        .where(eq(stores.id, storeId))
      return row ?? null
    },
    async isHandleTaken(handle: string, exceptId?: string) {
      const [row] = await db.select({ id: stores.id }).from(stores).where(eq(stores.handle, handle))
      return Boolean(row && row.id !== exceptId)
    },
    async insert(values: typeof stores.$inferInsert) {
      const [row] = await db.insert(stores).values(values).returning()
      if (!row) throw new Error('insert returned no row')
      return row
    },
    /** Inserts inside the caller's transaction (the merchant approval creates the first store). */
    async insertWith(tx: Tx, values: typeof stores.$inferInsert) {
      const [row] = await tx.insert(stores).values(values).returning()
      if (!row) throw new Error('insert returned no row')
      return row
    },
    async update(storeId: string, values: Partial<typeof stores.$inferInsert>) {
      const [row] = await db.update(stores).set(values).where(eq(stores.id, storeId)).returning()
      return row ?? null
    },
    async updateWith(tx: Tx, storeId: string, values: Partial<typeof stores.$inferInsert>) {
      await tx.update(stores).set(values).where(eq(stores.id, storeId))
    },
    async archive(storeId: string) {
      await db
        .update(stores)
        .set({ status: 'archived', isOpen: false })
        .where(eq(stores.id, storeId))
    },
    /** Deletes the store row inside the caller's transaction (its contents go first, by their modules). */
    async delete(tx: Tx, storeId: string) {
      await tx.delete(stores).where(eq(stores.id, storeId))
    },
    async newestFirst() {
      return db.select().from(stores).orderBy(desc(stores.createdAt)).limit(1)
    },
  }
}
export type StoresRepository = ReturnType<typeof createStoresRepository>
