import {
  paymentFilterSchema,
  type AdminPayment,
  type AdminPaymentListQuery,
  type AdminPaymentSummary,
  type AdminPaymentSummaryQuery,
  type PaymentTransactionKind,
} from '@barrio/contracts/admin-payments'
import type { PaymentMethod } from '@barrio/contracts/enums'
import { buildPage } from '@barrio/contracts/pagination'
import { parseJsonFilter } from '../../lib/json-filter.ts'
import { paymentsCsv } from './payments-csv.ts'
import type { PaymentTransactionRow, PaymentsRepository, Tx } from './payments.repository.ts'

/** The order fields the ledger copies (decision 018). */
export type LedgerOrder = {
  id: string
  storeId: string
  number: number
  paymentMethod: PaymentMethod
  total: number
  contact: { firstName: string; lastName: string }
  paymentDetails: Record<string, unknown>
}

/** The most rows one CSV export carries (a year of a busy shop); the filter narrows it. */
export const EXPORT_CAP = 50_000

export function toAdminPayment(r: PaymentTransactionRow): AdminPayment {
  return {
    _id: r.id,
    orderId: r.orderId,
    orderNumber: r.orderNumber,
    customerName: r.customerName,
    method: r.method,
    amount: r.amount,
    currency: 'ARS',
    status: r.status,
    kind: r.kind,
    providerPaymentId: r.providerPaymentId,
    fee: r.fee,
    net: r.net,
    createdAt: r.createdAt.toISOString(),
  }
}

/** The store's payments ledger: written by payment events, read by the seller's payments page. */
export function createLedger(repository: PaymentsRepository) {
  const orderFields = (order: LedgerOrder) => ({
    storeId: order.storeId,
    orderId: order.id,
    orderNumber: order.number,
    customerName: `${order.contact.firstName} ${order.contact.lastName}`.trim(),
    method: order.paymentMethod,
  })
  return {
    orderFields,

    /**
     * A payment or refund the seller records (cash or transfer received, "Reembolsar"), written
     * in the caller's transaction. For Mercado Pago orders the provider's payment id is kept.
     */
    async recordSellerEvent(tx: Tx, order: LedgerOrder, kind: PaymentTransactionKind) {
      const paymentId = order.paymentDetails.paymentId
      await repository.record(tx, {
        ...orderFields(order),
        kind,
        status: 'approved',
        amount: order.total,
        provider: order.paymentMethod === 'mercado_pago' ? 'mercado_pago' : null,
        providerPaymentId: typeof paymentId === 'string' ? paymentId : null,
      })
    },

    /**
     * One refund the seller made (partial or whole), its own row: `reference` names it (the
     * Mercado Pago refund id, or our own id for cash and transfer), so refunds add up.
     */
    async recordRefund(tx: Tx, order: LedgerOrder, refund: { amount: number; reference: string }) {
      const paymentId = order.paymentDetails.paymentId
      await repository.record(tx, {
        ...orderFields(order),
        kind: 'refund',
        status: 'approved',
        amount: refund.amount,
        provider: order.paymentMethod === 'mercado_pago' ? 'mercado_pago' : null,
        providerPaymentId: typeof paymentId === 'string' ? paymentId : null,
        reference: refund.reference,
      })
    },

    /** Whether the order's ledger already has this refund (`mp:<refund id>`), in `tx`. */
    async hasRefund(tx: Tx, orderId: string, reference: string) {
      return (await repository.refundReferences(tx, orderId)).has(reference)
    },

    async list(storeId: string, query: AdminPaymentListQuery) {
      const filter = parseJsonFilter(paymentFilterSchema, query.query)
      const { rows, total } = await repository.list(storeId, filter, query)
      return buildPage(rows.map(toAdminPayment), total, query)
    },

    async exportCsv(storeId: string, rawQuery: string | undefined) {
      const filter = parseJsonFilter(paymentFilterSchema, rawQuery)
      const rows = await repository.all(storeId, filter, EXPORT_CAP)
      return paymentsCsv(rows.map(toAdminPayment))
    },

    async summary(storeId: string, q: AdminPaymentSummaryQuery): Promise<AdminPaymentSummary> {
      const groups = await repository.totals(storeId, q.from, q.to)
      const empty = () => ({ payments: 0, paymentCount: 0, refunds: 0, refundCount: 0, net: 0 })
      const byMethod = new Map<PaymentMethod, ReturnType<typeof empty>>()
      const totals = empty()
      for (const g of groups) {
        const m = byMethod.get(g.method) ?? empty()
        for (const target of [m, totals]) {
          if (g.kind === 'payment') {
            target.payments += g.amount
            target.paymentCount += g.count
          } else {
            target.refunds += g.amount
            target.refundCount += g.count
          }
          target.net = target.payments - target.refunds
        }
        byMethod.set(g.method, m)
      }
      return {
        from: q.from,
        to: q.to,
        currency: 'ARS',
        byMethod: [...byMethod.entries()]
          .map(([method, t]) => ({ method, ...t }))
          .sort((a, b) => b.payments - a.payments || a.method.localeCompare(b.method)),
        totals,
      }
    },
  }
}
