import type { PaymentMethod } from '@barrio/contracts/enums'
import type {
  PaymentTransactionKind,
  PaymentTransactionStatus,
} from '@barrio/contracts/admin-payments'
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { id } from './columns.ts'
import { orders } from './ordering.ts'
import { stores } from './stores.ts'

/**
 * The store's payments ledger (decision 018): one row per payment and one per refund of an
 * order, written in the same transaction as the payment event. Order number and customer name
 * are copied in, so the ledger is listed, filtered and summed from this table alone.
 */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: id(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderNumber: integer('order_number').notNull(),
    customerName: text('customer_name').notNull(),
    kind: text('kind').$type<PaymentTransactionKind>().notNull(),
    method: text('method').$type<PaymentMethod>().notNull(),
    status: text('status').$type<PaymentTransactionStatus>().notNull(),
    /** Centavos, always positive: the kind says which way the money went. */
    amount: integer('amount').notNull(),
    provider: text('provider'),
    providerPaymentId: text('provider_payment_id'),
    /** Centavos the provider kept and what reached the store; null when it did not say. */
    fee: integer('fee'),
    net: integer('net'),
    /**
     * Which refund of the order this row is ('' for the payment and for a refund Mercado Pago
     * notified by itself); each seller refund has its own reference (decision 025).
     */
    reference: text('reference').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One payment per order, and one row per refund reference: a repeated webhook updates the
    // row instead of counting the money twice; each partial refund is a row of its own.
    uniqueIndex('payment_transactions_order_kind_ref_uq').on(t.orderId, t.kind, t.reference),
    // The list (newest first) and the period filter and summary of one store.
    index('payment_transactions_store_created_idx').on(t.storeId, t.createdAt),
    index('payment_transactions_store_method_created_idx').on(t.storeId, t.method, t.createdAt),
    index('payment_transactions_store_status_created_idx').on(t.storeId, t.status, t.createdAt),
    index('payment_transactions_store_kind_created_idx').on(t.storeId, t.kind, t.createdAt),
  ],
)
