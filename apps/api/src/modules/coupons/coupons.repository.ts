import { and, count, desc, eq, ilike, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { couponRedemptions, coupons, orders } from '../../db/schema/index.ts'

type Reader = Pick<Db, 'select'> | Pick<Tx, 'select'>
export type CouponRecord = typeof coupons.$inferSelect
type CouponValues = Omit<typeof coupons.$inferInsert, 'id' | 'storeId' | 'uses' | 'createdAt'>

export function createCouponsRepository(db: Db) {
  return {
    async list(storeId: string, filter: { q?: string; page: number; limit: number }) {
      const where = and(
        eq(coupons.storeId, storeId),
        filter.q ? ilike(coupons.code, `%${filter.q.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
      )
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(coupons)
          .where(where)
          .orderBy(desc(coupons.createdAt), desc(coupons.id))
          .limit(filter.limit)
          .offset((filter.page - 1) * filter.limit),
        db.select({ n: count() }).from(coupons).where(where),
      ])
      return { rows, total: total?.n ?? 0 }
    },
    async get(storeId: string, id: string): Promise<CouponRecord | null> {
      const [row] = await db
        .select()
        .from(coupons)
        .where(and(eq(coupons.storeId, storeId), eq(coupons.id, id)))
      return row ?? null
    },
    async insert(storeId: string, values: CouponValues): Promise<CouponRecord> {
      const [row] = await db
        .insert(coupons)
        .values({ storeId, ...values })
        .returning()
      return row!
    },
    async update(storeId: string, id: string, values: CouponValues): Promise<CouponRecord | null> {
      const [row] = await db
        .update(coupons)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(coupons.storeId, storeId), eq(coupons.id, id)))
        .returning()
      return row ?? null
    },
    async remove(storeId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(coupons)
        .where(and(eq(coupons.storeId, storeId), eq(coupons.id, id)))
        .returning({ id: coupons.id })
      return rows.length > 0
    },

    /** What checkout needs to price a code: the coupon and this customer's past with it. */
    async forCheckout(q: Reader, storeId: string, code: string, userId: string) {
      const [coupon] = await q
        .select()
        .from(coupons)
        .where(and(eq(coupons.storeId, storeId), eq(coupons.code, code)))
      if (!coupon) return { coupon: null, customerUses: 0, hasOrdered: false }
      const [[used], [ordered]] = await Promise.all([
        q
          .select({ n: count() })
          .from(couponRedemptions)
          .where(
            and(eq(couponRedemptions.couponId, coupon.id), eq(couponRedemptions.userId, userId)),
          ),
        q
          .select({ one: sql<number>`1` })
          .from(orders)
          .where(and(eq(orders.userId, userId), eq(orders.storeId, storeId)))
          .limit(1),
      ])
      return { coupon, customerUses: used?.n ?? 0, hasOrdered: ordered !== undefined }
    },

    /** Counts one use unless the coupon is out of them: false when the cap was reached first. */
    async claimUse(tx: Tx, couponId: string): Promise<boolean> {
      const rows = await tx
        .update(coupons)
        .set({ uses: sql`${coupons.uses} + 1` })
        .where(
          and(
            eq(coupons.id, couponId),
            sql`(${coupons.maxUses} is null or ${coupons.uses} < ${coupons.maxUses})`,
          ),
        )
        .returning({ id: coupons.id })
      return rows.length > 0
    },
    async redeem(tx: Tx, couponId: string, orderId: string, userId: string | null) {
      await tx.insert(couponRedemptions).values({ couponId, orderId, userId })
    },
  }
}
export type CouponsRepository = ReturnType<typeof createCouponsRepository>
