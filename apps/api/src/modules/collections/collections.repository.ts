import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { collections, productCollections, products } from '../../db/schema/catalog.ts'

export type CollectionRow = typeof collections.$inferSelect

export function createCollectionsRepository(db: Db) {
  async function setMembers(
    tx: Pick<Db, 'delete' | 'insert'>,
    collectionId: string,
    productIds: string[],
  ) {
    await tx.delete(productCollections).where(eq(productCollections.collectionId, collectionId))
    if (productIds.length) {
      await tx
        .insert(productCollections)
        .values(productIds.map((productId, position) => ({ productId, collectionId, position })))
    }
  }
  return {
    /** A deleted store's collections; memberships go with them (FK cascade). */
    async deleteAllOfStore(tx: Tx, storeId: string) {
      await tx.delete(collections).where(eq(collections.storeId, storeId))
    },
    async list(storeId: string, q: string | undefined, page: { page: number; limit: number }) {
      const term = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
      const where = and(
        eq(collections.storeId, storeId),
        term ? or(ilike(collections.title, term), ilike(collections.handle, term)) : undefined,
      )
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(collections)
          .where(where)
          .orderBy(asc(collections.position), asc(collections.title), asc(collections.id))
          .limit(page.limit)
          .offset((page.page - 1) * page.limit),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(collections)
          .where(where),
      ])
      return { rows, total: Number(count?.total ?? 0) }
    },
    async find(storeId: string, id: string) {
      const [row] = await db
        .select()
        .from(collections)
        .where(and(eq(collections.id, id), eq(collections.storeId, storeId)))
      return row ?? null
    },
    /** Member product ids of many collections, in order, in one query. */
    async members(collectionIds: string[]) {
      if (!collectionIds.length) return []
      return db
        .select({
          collectionId: productCollections.collectionId,
          productId: productCollections.productId,
        })
        .from(productCollections)
        .where(inArray(productCollections.collectionId, collectionIds))
        .orderBy(asc(productCollections.position))
    },
    /** `q`: the caller's transaction (checkout's confirm prices inside it), else the database. */
    async membershipsOfProducts(productIds: string[], q: Pick<Db, 'select'> = db) {
      if (!productIds.length) return []
      return q
        .select({
          productId: productCollections.productId,
          collectionId: productCollections.collectionId,
        })
        .from(productCollections)
        .where(inArray(productCollections.productId, productIds))
    },
    async productIdsOfStore(storeId: string, ids: string[]) {
      if (!ids.length) return []
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.storeId, storeId), inArray(products.id, ids)))
      return rows.map((r) => r.id)
    },
    async isHandleTaken(storeId: string, handle: string, exceptId?: string) {
      const [row] = await db
        .select({ id: collections.id })
        .from(collections)
        .where(and(eq(collections.storeId, storeId), eq(collections.handle, handle)))
      return Boolean(row && row.id !== exceptId)
    },
    /** The collection and its members, in the service's transaction. */
    async create(tx: Tx, values: typeof collections.$inferInsert, productIds: string[]) {
      const [row] = await tx.insert(collections).values(values).returning()
      await setMembers(tx, row!.id, productIds)
      return row!
    },
    /** The collection and its members, in the service's transaction. */
    async update(
      tx: Tx,
      id: string,
      values: Partial<typeof collections.$inferInsert>,
      productIds: string[],
    ) {
      const [row] = await tx
        .update(collections)
        .set(values)
        .where(eq(collections.id, id))
        .returning()
      await setMembers(tx, id, productIds)
      return row!
    },
    async remove(id: string) {
      await db.delete(collections).where(eq(collections.id, id))
    },
  }
}
export type CollectionsRepository = ReturnType<typeof createCollectionsRepository>
