import {
  PAYMENT_TRANSACTION_KIND_LABELS,
  PAYMENT_TRANSACTION_STATUS_LABELS,
  type AdminPayment,
} from '@barrio/contracts/admin-payments'
import { PAYMENT_METHOD_LABELS } from '@barrio/contracts/labels-es'
import { csvMoney, toCsv } from '../../lib/spreadsheet-csv.ts'

export { csvMoney }

const dateTime = new Intl.DateTimeFormat('es-AR', {
  timeZone: 'America/Argentina/Buenos_Aires',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
})

const HEADER = [
  'Fecha',
  'Pedido',
  'Cliente',
  'Medio de pago',
  'Tipo',
  'Estado',
  'Monto',
  'Comisión',
  'Neto',
  'ID de pago',
]

/** The ledger as CSV for Excel in es-AR (lib/spreadsheet-csv.ts). */
export function paymentsCsv(rows: AdminPayment[]): string {
  return toCsv(
    HEADER,
    rows.map((r) => [
      dateTime.format(new Date(r.createdAt)),
      `#${r.orderNumber}`,
      r.customerName,
      PAYMENT_METHOD_LABELS[r.method],
      PAYMENT_TRANSACTION_KIND_LABELS[r.kind],
      PAYMENT_TRANSACTION_STATUS_LABELS[r.status],
      // Refunds are money going out: negative, so a column sum is the period's net.
      csvMoney(r.kind === 'refund' ? -r.amount : r.amount),
      csvMoney(r.fee),
      csvMoney(r.net),
      r.providerPaymentId ?? '',
    ]),
  )
}
