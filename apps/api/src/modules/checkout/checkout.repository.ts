import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { unpaidOrdersLock } from '../../db/advisory-locks.ts'
import type { Db } from '../../db/client.ts'
import { addresses } from '../../db/schema/addresses.ts'
import { checkouts, type ReviewedPricing } from '../../db/schema/ordering.ts'

export type CheckoutRow = typeof checkouts.$inferSelect
export type { ReviewedPricing }
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export function createCheckoutRepository(db: Db) {
  // Read by every step of the checkout: built once, not per call (decision 067).
  const checkoutOfUser = db
    .select()
    .from(checkouts)
    .where(
      and(eq(checkouts.id, sql.placeholder('id')), eq(checkouts.userId, sql.placeholder('userId'))),
    )
    .prepare('checkout_of_user')
  return {
    async find(userId: string, id: string) {
      const [row] = await checkoutOfUser.execute({ id, userId })
      return row ?? null
    },
    async openForCart(userId: string, cartId: string) {
      const [row] = await db
        .select()
        .from(checkouts)
        .where(
          and(
            eq(checkouts.cartId, cartId),
            eq(checkouts.userId, userId),
            isNull(checkouts.orderId),
          ),
        )
        .orderBy(desc(checkouts.createdAt))
        .limit(1)
      return row ?? null
    },
    async insert(values: typeof checkouts.$inferInsert) {
      const [row] = await db.insert(checkouts).values(values).returning()
      return row!
    },
    async update(id: string, values: Partial<typeof checkouts.$inferInsert>) {
      const [row] = await db
        .update(checkouts)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(checkouts.id, id))
        .returning()
      return row!
    },
    /** What the customer last reviewed (GET review); updatedAt stays the choices' last change. */
    async setReviewedPricing(id: string, reviewedPricing: CheckoutRow['reviewedPricing']) {
      await db.update(checkouts).set({ reviewedPricing }).where(eq(checkouts.id, id))
    },
    /**
     * Confirm's first statement (decision 064): the customer's checkout, locked for the rest of the
     * transaction (concurrent confirms of it queue here), with the customer's own address it
     * ships to (null when none, or no longer theirs), and the (customer, store) lock under which
     * the unpaid orders are counted later (`unpaidOrdersLock`). Null: no such checkout of theirs.
     */
    async lockForConfirm(tx: Tx, userId: string, id: string) {
      const [found] = await tx
        .select({
          checkout: checkouts,
          address: addresses,
          unpaidLock: unpaidOrdersLock(checkouts.userId, checkouts.storeId),
        })
        .from(checkouts)
        .leftJoin(
          addresses,
          and(eq(addresses.id, checkouts.shippingAddressId), eq(addresses.userId, userId)),
        )
        .where(and(eq(checkouts.id, id), eq(checkouts.userId, userId)))
        .for('update', { of: checkouts })
      return found ? { row: found.checkout, address: found.address } : null
    },
    async complete(tx: Tx, id: string, orderId: string) {
      await tx
        .update(checkouts)
        .set({ step: 'completed', orderId, updatedAt: new Date() })
        .where(eq(checkouts.id, id))
    },
  }
}
export type CheckoutRepository = ReturnType<typeof createCheckoutRepository>
