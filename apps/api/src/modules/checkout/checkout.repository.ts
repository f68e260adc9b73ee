import { and, desc, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { checkouts, type ReviewedPricing } from '../../db/schema/ordering.ts'

export type CheckoutRow = typeof checkouts.$inferSelect
export type { ReviewedPricing }
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export function createCheckoutRepository(db: Db) {
  return {
    async find(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(checkouts)
        .where(and(eq(checkouts.id, id), eq(checkouts.userId, userId)))
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
    /** Locks the checkout row for the rest of the transaction: concurrent confirms queue here. */
    async lock(tx: Tx, id: string) {
      const [row] = await tx.select().from(checkouts).where(eq(checkouts.id, id)).for('update')
      return row ?? null
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
