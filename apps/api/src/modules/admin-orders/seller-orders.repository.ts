import { and, eq, gte, lt, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { sellerOrderRequests } from '../../db/schema/ordering.ts'

export type SellerOrderRequest = typeof sellerOrderRequests.$inferSelect

/** Rows older than this are gone: the key may then make a new order (decision 027, addendum). */
const fresh = (hours: number) => sql`now() - make_interval(hours => ${hours})`

/**
 * The Idempotency-Key rows of POST /admin/orders. `claim` runs first in the order's transaction:
 * its insert waits on the (store, key) unique index while another transaction holding the same
 * key is open, and then finds that transaction's row (committed) or claims the key (rolled back).
 */
export function createSellerOrdersRepository(db: Db) {
  return {
    /** The store's live row for this key, if any (outside a transaction, or in `executor`). */
    async find(
      storeId: string,
      key: string,
      ttlHours: number,
      executor: Tx | Db = db,
    ): Promise<SellerOrderRequest | null> {
      const t = sellerOrderRequests
      const [row] = await executor
        .select()
        .from(t)
        .where(and(eq(t.storeId, storeId), eq(t.key, key), gte(t.createdAt, fresh(ttlHours))))
      return row ?? null
    },

    /**
     * Claims the key for this transaction: the new row, or null when another request already
     * holds it (then `find` in the same transaction reads that request's committed row). The
     * store's expired keys are deleted first, so an old key may be used again.
     */
    async claim(
      tx: Tx,
      input: { storeId: string; key: string; fingerprint: string; ttlHours: number },
    ): Promise<SellerOrderRequest | null> {
      const t = sellerOrderRequests
      await tx
        .delete(t)
        .where(and(eq(t.storeId, input.storeId), lt(t.createdAt, fresh(input.ttlHours))))
      const [row] = await tx
        .insert(t)
        .values({ storeId: input.storeId, key: input.key, fingerprint: input.fingerprint })
        .onConflictDoNothing({ target: [t.storeId, t.key] })
        .returning()
      return row ?? null
    },

    /** The order the claimed key made, written in the same transaction. */
    async setOrder(tx: Tx, requestId: string, orderId: string) {
      await tx
        .update(sellerOrderRequests)
        .set({ orderId })
        .where(eq(sellerOrderRequests.id, requestId))
    },
  }
}
export type SellerOrdersRepository = ReturnType<typeof createSellerOrdersRepository>
