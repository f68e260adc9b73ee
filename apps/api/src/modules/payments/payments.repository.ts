import type { PaymentMethod } from '@barrio/contracts/enums'
import type {
  PaymentFilter,
  PaymentTransactionKind,
  PaymentTransactionStatus,
} from '@barrio/contracts/admin-payments'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { paymentTransactions } from '../../db/schema/payments.ts'
import { dayRangeCondition, paymentFilterCondition } from './payment-filter.ts'

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type PaymentTransactionRow = typeof paymentTransactions.$inferSelect

/** What a payment event writes to the ledger (decision 018). */
export type LedgerEntry = {
  storeId: string
  orderId: string
  orderNumber: number
  customerName: string
  kind: PaymentTransactionKind
  method: PaymentMethod
  status: PaymentTransactionStatus
  amount: number
  provider?: string | null
  providerPaymentId?: string | null
  fee?: number | null
  net?: number | null
  /** Which refund ('' for the payment and Mercado Pago's own refund notice). */
  reference?: string
}

/** The payments ledger table: written inside the caller's transaction, read per store. */
export function createPaymentsRepository(db: Db) {
  return {
    /**
     * Writes the order's payment or refund row, or updates it: an order has one of each, so a
     * later notice (Mercado Pago's `approved` after `in_process`, a repeated refund) replaces
     * the state instead of adding money. An approved row stays approved.
     */
    async record(tx: Tx | Db, entry: LedgerEntry) {
      const t = paymentTransactions
      await tx
        .insert(t)
        .values({
          ...entry,
          provider: entry.provider ?? null,
          providerPaymentId: entry.providerPaymentId ?? null,
          fee: entry.fee ?? null,
          net: entry.net ?? null,
          reference: entry.reference ?? '',
        })
        .onConflictDoUpdate({
          target: [t.orderId, t.kind, t.reference],
          set: {
            status: entry.status,
            amount: entry.amount,
            providerPaymentId: entry.providerPaymentId ?? null,
            fee: entry.fee ?? null,
            net: entry.net ?? null,
            // The money's date is when it was approved, not when the first attempt was seen.
            createdAt: sql`case when ${t.status} = 'approved' then ${t.createdAt} else now() end`,
            updatedAt: new Date(),
          },
          setWhere: sql`${t.status} <> 'approved'`,
        })
    },

    /** The references of the order's refund rows (`mp:<refund id>`, `seller:<uuid>`, ''). */
    async refundReferences(tx: Tx, orderId: string): Promise<Set<string>> {
      const t = paymentTransactions
      const rows = await tx
        .select({ reference: t.reference })
        .from(t)
        .where(and(eq(t.orderId, orderId), eq(t.kind, 'refund')))
      return new Set(rows.map((r) => r.reference))
    },

    /** One page of the store's ledger the parsed `query` filter selects. */
    async list(storeId: string, filter: PaymentFilter, page: { page: number; limit: number }) {
      const t = paymentTransactions
      const where = paymentFilterCondition(storeId, filter)
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(t)
          .where(where)
          // payment_transactions_store_created_idx serves it.
          .orderBy(desc(t.createdAt), desc(t.orderNumber), t.kind)
          .limit(page.limit)
          .offset((page.page - 1) * page.limit),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(t)
          .where(where),
      ])
      return { rows, total: Number(count?.total ?? 0) }
    },

    /** Every row the filter selects, newest first (the CSV export), capped. */
    async all(storeId: string, filter: PaymentFilter, cap: number) {
      const t = paymentTransactions
      const where = paymentFilterCondition(storeId, filter)
      return db
        .select()
        .from(t)
        .where(where)
        .orderBy(desc(t.createdAt), desc(t.orderNumber), t.kind)
        .limit(cap)
    },

    /** Approved money per method and kind in a period of Buenos Aires days. */
    async totals(storeId: string, from: string, to: string) {
      const t = paymentTransactions
      const rows = await db
        .select({
          method: t.method,
          kind: t.kind,
          amount: sql<number>`coalesce(sum(${t.amount}), 0)::bigint`,
          count: sql<number>`count(*)::int`,
        })
        .from(t)
        .where(
          and(
            eq(t.storeId, storeId),
            eq(t.status, 'approved'),
            ...dayRangeCondition(t.createdAt, from, to),
          ),
        )
        .groupBy(t.method, t.kind)
      return rows.map((r) => ({ ...r, amount: Number(r.amount), count: Number(r.count) }))
    },
  }
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>
