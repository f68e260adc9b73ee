import { z } from 'zod'
import { currencySchema, moneySchema } from './common.ts'
import { calendarDaySchema } from './dates.ts'
import { paymentMethodSchema } from './enums.ts'
import { pageOf, paginationQuery } from './pagination.ts'

/** Page size of the seller's payments ledger. */
export const ADMIN_PAYMENTS_PAGE_SIZE = 25

/** A ledger row is money that came in (payment) or went back (refund). */
export const PAYMENT_TRANSACTION_KINDS = ['payment', 'refund'] as const
export const paymentTransactionKindSchema = z.enum(PAYMENT_TRANSACTION_KINDS)
export type PaymentTransactionKind = z.infer<typeof paymentTransactionKindSchema>

/**
 * The state of one ledger row: approved money, a Mercado Pago payment still in process, or one
 * Mercado Pago rejected or cancelled.
 */
export const PAYMENT_TRANSACTION_STATUSES = ['approved', 'pending', 'rejected'] as const
export const paymentTransactionStatusSchema = z.enum(PAYMENT_TRANSACTION_STATUSES)
export type PaymentTransactionStatus = z.infer<typeof paymentTransactionStatusSchema>

export const PAYMENT_TRANSACTION_KIND_LABELS: Record<PaymentTransactionKind, string> = {
  payment: 'Pago',
  refund: 'Reembolso',
}
export const PAYMENT_TRANSACTION_STATUS_LABELS: Record<PaymentTransactionStatus, string> = {
  approved: 'Aprobado',
  pending: 'En proceso',
  rejected: 'Rechazado',
}

/** A Buenos Aires day, YYYY-MM-DD. */
const baDay = calendarDaySchema()

function enumFilter<T extends z.ZodType>(value: T) {
  return z
    .union([
      value,
      z.object({ $eq: value }).strict(),
      z.object({ $in: z.array(value).min(1).max(10) }).strict(),
    ])
    .optional()
}

/**
 * The `query` JSON filter of GET /admin/payments: only these fields and operators exist; anything
 * else is 400 INVALID. `createdAt` takes Buenos Aires days, both ends included.
 */
export const paymentFilterSchema = z
  .object({
    method: enumFilter(paymentMethodSchema),
    status: enumFilter(paymentTransactionStatusSchema),
    kind: enumFilter(paymentTransactionKindSchema),
    createdAt: z.object({ from: baDay.optional(), to: baDay.optional() }).strict().optional(),
  })
  .strict()
export type PaymentFilter = z.infer<typeof paymentFilterSchema>

export const adminPaymentListQuerySchema = paginationQuery(ADMIN_PAYMENTS_PAGE_SIZE).extend({
  query: z.string().max(2000).optional(),
})
export type AdminPaymentListQuery = z.infer<typeof adminPaymentListQuerySchema>

/** The CSV export takes the same filter, without pages. */
export const adminPaymentExportQuerySchema = z.object({
  query: z.string().max(2000).optional(),
})

/** One ledger row. Money in centavos; fee and net only when the provider reported them. */
export const adminPaymentSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  orderNumber: z.number().int(),
  customerName: z.string(),
  method: paymentMethodSchema,
  amount: moneySchema,
  currency: currencySchema,
  status: paymentTransactionStatusSchema,
  kind: paymentTransactionKindSchema,
  providerPaymentId: z.string().nullable(),
  fee: moneySchema.nullable(),
  net: z.number().int().nullable(),
  createdAt: z.string(),
})
export type AdminPayment = z.infer<typeof adminPaymentSchema>

export const adminPaymentPageSchema = pageOf(adminPaymentSchema)
export type AdminPaymentPage = z.infer<typeof adminPaymentPageSchema>

export const adminPaymentSummaryQuerySchema = z
  .object({ from: baDay, to: baDay })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'El fin no puede ser antes del inicio' })
export type AdminPaymentSummaryQuery = z.infer<typeof adminPaymentSummaryQuerySchema>

const methodTotalsSchema = z.object({
  /** Approved payments, their sum and count. */
  payments: moneySchema,
  paymentCount: z.number().int().nonnegative(),
  /** Approved refunds, their sum and count. */
  refunds: moneySchema,
  refundCount: z.number().int().nonnegative(),
  /** payments - refunds (may be negative when a period holds refunds of older payments). */
  net: z.number().int(),
})

/** Totals of approved money per method for a period of Buenos Aires days (both included). */
export const adminPaymentSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: currencySchema,
  byMethod: z.array(methodTotalsSchema.extend({ method: paymentMethodSchema })),
  totals: methodTotalsSchema,
})
export type AdminPaymentSummary = z.infer<typeof adminPaymentSummarySchema>
