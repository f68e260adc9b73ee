import { sql } from 'drizzle-orm'
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type {
  FiscalVatCondition,
  InvoiceKind,
  InvoiceStatus,
  InvoicingMode,
} from '@barrio/contracts/invoicing'
import { createdAt, id, updatedAt } from './columns.ts'
import { orders } from './ordering.ts'
import { stores } from './stores.ts'

/**
 * A store's fiscal identity before ARCA (issue 27, part 3; decision 054): what its invoices say
 * of it, its punto de venta, whether paid orders are invoiced on their own, and its ARCA
 * certificate. The private key is generated here, sealed with a key from the environment, and
 * never leaves the server; the WSAA access ticket is cached (sealed) until it expires.
 */
export const storeFiscalSettings = pgTable('store_fiscal_settings', {
  storeId: uuid('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  legalName: text('legal_name').notNull(),
  cuit: text('cuit').notNull(),
  vatCondition: text('vat_condition').$type<FiscalVatCondition>().notNull(),
  fiscalAddress: text('fiscal_address').notNull(),
  grossIncomeNumber: text('gross_income_number').notNull(),
  /** yyyy-mm-dd */
  activityStartDate: text('activity_start_date').notNull(),
  pointOfSale: integer('point_of_sale').notNull(),
  invoicingMode: text('invoicing_mode').$type<InvoicingMode>().notNull().default('manual'),
  /** Orders paid before this moment are not invoiced on their own (automatic mode's start). */
  automaticSince: timestamp('automatic_since', { withTimezone: true }),
  privateKeySealed: text('private_key_sealed'),
  csrPem: text('csr_pem'),
  /** The key of the CSR awaiting ARCA's certificate (a renewal keeps the current pair working). */
  csrKeySealed: text('csr_key_sealed'),
  certificatePem: text('certificate_pem'),
  certificateNotAfter: timestamp('certificate_not_after', { withTimezone: true }),
  /** When the store was told its certificate expires within 30 days (once per certificate). */
  expiryWarnedAt: timestamp('expiry_warned_at', { withTimezone: true }),
  ticketSealed: text('ticket_sealed'),
  ticketExpiresAt: timestamp('ticket_expires_at', { withTimezone: true }),
  /**
   * One process at a time numbers this store's vouchers (ARCA wants them consecutive): a lease,
   * not a transaction, so no database transaction waits on ARCA's answer.
   */
  numberingClaimedUntil: timestamp('numbering_claimed_until', { withTimezone: true }),
  numberingClaimedBy: text('numbering_claimed_by'),
  updatedAt: updatedAt(),
})

export type InvoiceLine = {
  description: string
  quantity: number
  unitPriceCents: number
  totalCents: number
}
export type InvoiceVatLine = { id: number; rateBp: number; baseCents: number; amountCents: number }
export type InvoiceReceiver = {
  name: string
  docType: 80 | 96 | 99
  docNumber: string
  vatConditionId: number
  email: string
}

/**
 * Invoices and credit notes (ARCA's "comprobantes"). A row is written `pending` with its figures
 * fixed; the invoicing task numbers and authorizes it (`authorized`, with the CAE). `reserved_number`
 * is the number being asked for, kept before the call so a crash after ARCA answered is recovered
 * by asking ARCA for that voucher instead of taking a second number.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<InvoiceKind>().notNull(),
    /** ARCA's CbteTipo: 1/6/11 invoices A/B/C, 3/8/13 their credit notes. */
    voucherType: integer('voucher_type').notNull(),
    pointOfSale: integer('point_of_sale').notNull(),
    reservedNumber: integer('reserved_number'),
    number: integer('number'),
    status: text('status').$type<InvoiceStatus>().notNull().default('pending'),
    /** yyyy-mm-dd, set when authorized. */
    issuedOn: text('issued_on'),
    cae: text('cae'),
    caeDueDate: text('cae_due_date'),
    receiver: jsonb('receiver').$type<InvoiceReceiver>().notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    netTaxed: integer('net_taxed').notNull(),
    nonTaxed: integer('non_taxed').notNull().default(0),
    exempt: integer('exempt').notNull().default(0),
    vat: integer('vat').notNull().default(0),
    vatLines: jsonb('vat_lines').$type<InvoiceVatLine[]>().notNull().default([]),
    total: integer('total').notNull(),
    /** A credit note's invoice. */
    invoiceId: uuid('invoice_id'),
    /** A credit note covers the order's refunds up to this cumulative amount (idempotency). */
    refundedThrough: integer('refunded_through'),
    attempts: integer('attempts').notNull().default(0),
    lastErrorCode: text('last_error_code'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    authorizedAt: timestamp('authorized_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invoices_order_invoice_uq')
      .on(t.orderId)
      .where(sql`kind = 'invoice'`),
    uniqueIndex('invoices_order_refund_uq')
      .on(t.orderId, t.refundedThrough)
      .where(sql`kind = 'credit_note'`),
    uniqueIndex('invoices_number_uq')
      .on(t.storeId, t.pointOfSale, t.voucherType, t.number)
      .where(sql`number is not null`),
    index('invoices_store_pending_idx')
      .on(t.storeId, t.createdAt)
      .where(sql`status = 'pending'`),
    index('invoices_store_idx').on(t.storeId, t.createdAt),
  ],
)
