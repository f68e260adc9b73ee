import type { Statement } from '@barrio/contracts/commissions'
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from '@barrio/contracts/labels-es'
import { csvMoney, toCsv } from '../../lib/spreadsheet-csv.ts'

const dateTime = new Intl.DateTimeFormat('es-AR', {
  timeZone: 'America/Argentina/Buenos_Aires',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
})

export const STATEMENT_CSV_HEADER = [
  'Fecha',
  'Pedido',
  'Medio de pago',
  'Estado del pago',
  'Total',
  'Reembolsado',
  'Ventas',
  'Comisión (%)',
  'Comisión',
  'Cobrada por Mercado Pago',
  'A pagar',
]

/**
 * The month's statement as CSV for Excel in es-AR (lib/spreadsheet-csv.ts, like the payments
 * ledger): one row per order, then the month's totals. Rates in percent with a decimal comma
 * (1250 bp → 12,50).
 */
export function statementCsv(statement: Statement): string {
  const rows = statement.lines.map((l) => [
    dateTime.format(new Date(l.createdAt)),
    `#${l.number}`,
    PAYMENT_METHOD_LABELS[l.paymentMethod],
    PAYMENT_STATUS_LABELS[l.paymentStatus],
    csvMoney(l.total),
    csvMoney(l.refundedAmount),
    csvMoney(l.sales),
    csvMoney(l.commissionRateBp),
    csvMoney(l.commission),
    csvMoney(l.collected),
    csvMoney(l.commission - l.collected),
  ])
  const refunded = statement.lines.reduce((acc, l) => acc + l.refundedAmount, 0)
  const total = statement.lines.reduce((acc, l) => acc + l.total, 0)
  rows.push([
    `Total ${statement.month}`,
    `${statement.ordersCount} pedidos`,
    '',
    '',
    csvMoney(total),
    csvMoney(refunded),
    csvMoney(statement.sales),
    '',
    csvMoney(statement.commission),
    csvMoney(statement.collected),
    csvMoney(statement.balance),
  ])
  return toCsv(STATEMENT_CSV_HEADER, rows)
}
