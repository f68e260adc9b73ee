import { and, count, desc, eq, sql } from 'drizzle-orm'
import { WITHDRAWAL_EXEMPT_CATEGORIES, type WithdrawalStatus } from '@barrio/contracts/withdrawals'
import type { Db, Tx } from '../../db/client.ts'
import { orderEvents, orders } from '../../db/schema/ordering.ts'
import { withdrawals } from '../../db/schema/withdrawals.ts'

type Reader = Db | Tx

/** What decides whether an order can still be revoked (issue 27). */
export type WithdrawableOrder = {
  id: string
  storeId: string
  storeName: string
  number: number
  status: string
  total: number
  refundedAmount: number
  createdAt: Date
  /** The last DELIVERED event (delivered or picked up); null: never. */
  deliveredAt: Date | null
  /** Every line is exempt (perishables: Ley 24.240 art. 34). */
  allExempt: boolean
  contact: { firstName: string; lastName: string; email: string }
}

export type WithdrawalRow = typeof withdrawals.$inferSelect

const foodCategories = `{${WITHDRAWAL_EXEMPT_CATEGORIES.join(',')}}`

export function createWithdrawalsRepository(db: Db) {
  return {
    /** The order of that number bought with that e-mail (case folded), or null. */
    async findOrder(number: number, email: string, q: Reader = db) {
      const result = await q.execute<
        Omit<WithdrawableOrder, 'createdAt' | 'deliveredAt'> & {
          createdAt: string | Date
          deliveredAt: string | Date | null
        }
      >(sql`
        select o.id, o.store_id as "storeId", s.name as "storeName", o.number, o.status, o.total,
          o.refunded_amount as "refundedAmount", o.created_at as "createdAt", o.contact,
          (select max(e.created_at) from order_events e
            where e.order_id = o.id and e.type = 'DELIVERED') as "deliveredAt",
          coalesce(bool_and(coalesce(p.withdrawal_exempt, s.category = any(${foodCategories}::text[]))), false)
            as "allExempt"
        from orders o
        join stores s on s.id = o.store_id
        left join order_items i on i.order_id = o.id
        left join products p on p.id = i.product_id
        where o.number = ${number} and lower(o.contact->>'email') = ${email}
        group by o.id, s.id`)
      const row = result.rows[0]
      if (!row) return null
      return {
        ...row,
        createdAt: new Date(row.createdAt),
        deliveredAt: row.deliveredAt ? new Date(row.deliveredAt) : null,
      } satisfies WithdrawableOrder
    },

    /** The order's open request, if any (one per order). */
    async openFor(orderId: string, q: Reader = db) {
      const [row] = await q
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.orderId, orderId), eq(withdrawals.status, 'requested')))
      return row ?? null
    },

    /** A new request and its timeline event, in the caller's transaction. */
    async insert(
      tx: Tx,
      input: {
        code: string
        orderId: string
        storeId: string
        name: string
        email: string
        reason: string | null
      },
    ) {
      const [row] = await tx.insert(withdrawals).values(input).returning()
      await tx.insert(orderEvents).values({
        orderId: input.orderId,
        type: 'WITHDRAWAL_REQUESTED',
        note: `Código ${input.code}${input.reason ? ` · ${input.reason}` : ''}`,
        // The customer asked: no seller signs it.
        actorId: null,
        actorName: null,
      })
      return row!
    },

    /** The store's requests, newest first, with each order's number. */
    async list(
      storeId: string,
      filter: { status?: WithdrawalStatus; page: number; limit: number },
    ) {
      const where = and(
        eq(withdrawals.storeId, storeId),
        filter.status ? eq(withdrawals.status, filter.status) : undefined,
      )
      const [rows, [total]] = await Promise.all([
        db
          .select({ withdrawal: withdrawals, orderNumber: orders.number })
          .from(withdrawals)
          .innerJoin(orders, eq(orders.id, withdrawals.orderId))
          .where(where)
          .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
          .limit(filter.limit)
          .offset((filter.page - 1) * filter.limit),
        db.select({ n: count() }).from(withdrawals).where(where),
      ])
      return { rows, total: total?.n ?? 0 }
    },

    /**
     * One of the store's requests: locked (inside `tx`) for its resolution, or read as it is
     * (accept's check before its refund, which takes its own locks).
     */
    async forStore(q: Reader, storeId: string, id: string, { lock }: { lock: boolean }) {
      const query = q
        .select({ withdrawal: withdrawals, orderNumber: orders.number })
        .from(withdrawals)
        .innerJoin(orders, eq(orders.id, withdrawals.orderId))
        .where(and(eq(withdrawals.id, id), eq(withdrawals.storeId, storeId)))
      const [row] = lock ? await query.for('update', { of: withdrawals }) : await query
      return row ?? null
    },

    async resolve(
      tx: Tx,
      id: string,
      input: { status: 'accepted' | 'rejected'; by: string; rejectionReason: string | null },
    ) {
      const [row] = await tx
        .update(withdrawals)
        .set({
          status: input.status,
          resolvedBy: input.by,
          resolvedAt: sql`now()`,
          rejectionReason: input.rejectionReason,
        })
        .where(eq(withdrawals.id, id))
        .returning()
      return row!
    },

    /** The order's lines still to refund (for an accepted request with restock). */
    async linesToRefund(orderId: string, q: Reader = db) {
      const result = await q.execute<{ itemId: string; quantity: number }>(sql`
        select id as "itemId", quantity - refunded_quantity as quantity from order_items
        where order_id = ${orderId} and quantity > refunded_quantity`)
      return result.rows
    },
  }
}
export type WithdrawalsRepository = ReturnType<typeof createWithdrawalsRepository>
