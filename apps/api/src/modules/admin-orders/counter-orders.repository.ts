import { and, eq, gte, lt, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { idempotencyKeys } from '../../db/schema/ordering.ts'

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect

/** Rows older than this are gone: the key may then make a new order (decision 027, addendum). */
const fresh = (hours: number) => sql`now() - make_interval(hours => ${hours})`

/**
 * The Idempotency-Key rows of POST /admin/orders and POST /admin/orders/{id}/refund (used through
 * `idempotency.ts`, the one implementation). `claim` runs early in the write's transaction:
 * its insert waits on the (store, key) unique index while another transaction holding the same
 * key is open, and then finds that transaction's row (committed) or claims the key (rolled back).
 */
export function createCounterOrdersRepository(db: Db) {
  return {
    /** The store's live row for this key, if any (outside a transaction, or in `executor`). */
    async find(
      storeId: string,
      key: string,
      ttlHours: number,
      executor: Tx | Db = db,
    ): Promise<IdempotencyKeyRow | null> {
      const t = idempotencyKeys
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
      input: {
        storeId: string
        key: string
        fingerprint: string
        ttlHours: number
        /** Known at once for a refund (the refunded order); a new order sets it later. */
        orderId?: string | null
      },
    ): Promise<IdempotencyKeyRow | null> {
      const t = idempotencyKeys
      await tx
        .delete(t)
        .where(and(eq(t.storeId, input.storeId), lt(t.createdAt, fresh(input.ttlHours))))
      const [row] = await tx
        .insert(t)
        .values({
          storeId: input.storeId,
          key: input.key,
          fingerprint: input.fingerprint,
          orderId: input.orderId ?? null,
        })
        .onConflictDoNothing({ target: [t.storeId, t.key] })
        .returning()
      return row ?? null
    },

    /** The order the claimed key made, written in the same transaction. */
    async setOrder(tx: Tx, requestId: string, orderId: string) {
      await tx.update(idempotencyKeys).set({ orderId }).where(eq(idempotencyKeys.id, requestId))
    },
  }
}
export type CounterOrdersRepository = ReturnType<typeof createCounterOrdersRepository>
