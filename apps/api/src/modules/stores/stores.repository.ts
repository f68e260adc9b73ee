import { and, asc, desc, eq, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import {
  collections,
  productCollections,
  productMedia,
  products,
  productVariants,
} from '../../db/schema/catalog.ts'
import { storeCollaborators } from '../../db/schema/store-settings.ts'
import { stores } from '../../db/schema/stores.ts'

export type StoreRow = typeof stores.$inferSelect
export type StoreRole = 'owner' | 'manager' | 'staff'

/** A user may act on a store they own or collaborate on; this is the one query that decides it. */
function accessibleBy(userId: string) {
  return or(
    eq(stores.ownerId, userId),
    sql`exists (select 1 from ${storeCollaborators} c where c.store_id = ${stores.id} and c.user_id = ${userId})`,
  )!
}
const roleOf = (userId: string) =>
  sql<StoreRole>`case when ${stores.ownerId} = ${userId} then 'owner'
    else (select c.role from ${storeCollaborators} c where c.store_id = ${stores.id} and c.user_id = ${userId}) end`

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
    async isHandleTaken(handle: string, exceptId?: string) {
      const [row] = await db.select({ id: stores.id }).from(stores).where(eq(stores.handle, handle))
      return Boolean(row && row.id !== exceptId)
    },
    async insert(values: typeof stores.$inferInsert) {
      const [row] = await db.insert(stores).values(values).returning()
      if (!row) throw new Error('insert returned no row')
      return row
    },
    async update(storeId: string, values: Partial<typeof stores.$inferInsert>) {
      const [row] = await db.update(stores).set(values).where(eq(stores.id, storeId)).returning()
      return row ?? null
    },
    async archive(storeId: string) {
      await db
        .update(stores)
        .set({ status: 'archived', isOpen: false })
        .where(eq(stores.id, storeId))
    },
    /** Deletes a store and everything that hangs from it, in one transaction. */
    async deleteCascade(storeId: string) {
      await db.transaction(async (tx) => {
        const productIds = tx
          .select({ id: products.id })
          .from(products)
          .where(eq(products.storeId, storeId))
        await tx
          .delete(productCollections)
          .where(sql`${productCollections.productId} in ${productIds}`)
        await tx.delete(productVariants).where(sql`${productVariants.productId} in ${productIds}`)
        await tx.delete(productMedia).where(sql`${productMedia.productId} in ${productIds}`)
        await tx.delete(products).where(eq(products.storeId, storeId))
        await tx.delete(collections).where(eq(collections.storeId, storeId))
        await tx.delete(stores).where(eq(stores.id, storeId))
      })
    },
    async mediaKeysOfStore(storeId: string): Promise<string[]> {
      const rows = await db
        .select({ keys: productMedia.storageKeys })
        .from(productMedia)
        .innerJoin(products, eq(products.id, productMedia.productId))
        .where(eq(products.storeId, storeId))
      return rows.flatMap((r) => r.keys)
    },
    async newestFirst() {
      return db.select().from(stores).orderBy(desc(stores.createdAt)).limit(1)
    },
  }
}
export type StoresRepository = ReturnType<typeof createStoresRepository>
