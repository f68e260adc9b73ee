import {
  invoiceLetter,
  RECEIVER_VAT_CONDITION_IDS,
  VOUCHER_TYPES,
  type Billing,
  type FiscalVatCondition,
  type InvoiceLetter,
} from '@barrio/contracts/invoicing'
import type { InvoiceLine, InvoiceReceiver, InvoiceVatLine } from './invoicing.repository.ts'

/** ARCA's IVA rate ids (WSFEv1 "Iva.Id") by rate in basis points. */
const VAT_RATE_IDS: Record<number, number> = { 0: 3, 250: 9, 500: 8, 1050: 4, 2100: 5, 2700: 6 }

export type OrderForInvoice = {
  number: number
  total: number
  deliveryFee: number
  /** The order's tax lines as checkout wrote them (`rate` in percent). */
  taxLines: Array<{ name: string; rate: number; amount: number; included: boolean }>
  items: Array<{
    title: string
    variantTitle: string
    unitPrice: number
    quantity: number
    lineTotal: number
  }>
  contact: { firstName: string; lastName: string; email: string; billing?: Billing | null }
}

/** What a voucher says, before ARCA numbers it. */
export type InvoiceFigures = {
  letter: InvoiceLetter
  voucherType: number
  receiver: InvoiceReceiver
  lines: InvoiceLine[]
  netTaxed: number
  nonTaxed: number
  exempt: number
  vat: number
  vatLines: InvoiceVatLine[]
  total: number
}

/** a × b / c rounded half up, in integers (every figure here is non-negative). */
function mulDivHalfUp(a: number, b: number, c: number): number {
  return Math.floor((2 * a * b + c) / (2 * c))
}

function receiverOf(contact: OrderForInvoice['contact']): InvoiceReceiver {
  const billing = contact.billing
  if (billing)
    return {
      name: billing.legalName,
      docType: 80,
      docNumber: billing.cuit,
      vatConditionId: RECEIVER_VAT_CONDITION_IDS[billing.vatCondition],
      email: contact.email,
    }
  return {
    name: `${contact.firstName} ${contact.lastName}`.trim(),
    docType: 99,
    docNumber: '0',
    vatConditionId: RECEIVER_VAT_CONDITION_IDS.consumidor_final,
    email: contact.email,
  }
}

/**
 * The invoice of a paid order (decision 054). A monotributista's or exento's C carries no IVA: its
 * net is the total. For A and B, each of the order's IVA lines (a tax whose rate ARCA knows as
 * IVA) gives its amount and the base it was computed on (amount / rate, half up); what no IVA
 * covers (delivery outside a tax's scope, a non-IVA tax) is "no gravado", so the parts add up to
 * the total to the centavo as WSFEv1 checks. A store with no IVA rule at all sells exempt.
 */
export function invoiceFigures(order: OrderForInvoice, issuer: FiscalVatCondition): InvoiceFigures {
  const billing = order.contact.billing
  const letter = invoiceLetter(issuer, billing?.vatCondition ?? 'consumidor_final')
  const lines: InvoiceLine[] = order.items.map((item) => ({
    description: item.variantTitle ? `${item.title} (${item.variantTitle})` : item.title,
    quantity: item.quantity,
    unitPriceCents: item.unitPrice,
    totalCents: item.lineTotal,
  }))
  if (order.deliveryFee > 0)
    lines.push({
      description: 'Envío',
      quantity: 1,
      unitPriceCents: order.deliveryFee,
      totalCents: order.deliveryFee,
    })
  for (const tax of order.taxLines.filter((t) => !t.included && t.amount > 0))
    lines.push({
      description: tax.name,
      quantity: 1,
      unitPriceCents: tax.amount,
      totalCents: tax.amount,
    })
  const base = {
    letter,
    voucherType: VOUCHER_TYPES.invoice[letter],
    receiver: receiverOf(order.contact),
    lines,
    total: order.total,
  }
  if (letter === 'C')
    return { ...base, netTaxed: order.total, nonTaxed: 0, exempt: 0, vat: 0, vatLines: [] }

  const vatLines: InvoiceVatLine[] = []
  for (const tax of order.taxLines) {
    const rateBp = Math.round(tax.rate * 100)
    const id = VAT_RATE_IDS[rateBp]
    if (id === undefined || rateBp === 0 || tax.amount <= 0) continue
    const existing = vatLines.find((l) => l.id === id)
    const baseCents = mulDivHalfUp(tax.amount, 10_000, rateBp)
    if (existing) {
      existing.amountCents += tax.amount
      existing.baseCents += baseCents
    } else vatLines.push({ id, rateBp, baseCents, amountCents: tax.amount })
  }
  if (vatLines.length === 0)
    return { ...base, netTaxed: 0, nonTaxed: 0, exempt: order.total, vat: 0, vatLines: [] }
  return { ...base, ...balance(order.total, vatLines) }
}

/** Net, IVA and "no gravado" that add up to `total`; a centavo of rounding comes off a base. */
function balance(total: number, vatLines: InvoiceVatLine[]) {
  const vat = vatLines.reduce((sum, l) => sum + l.amountCents, 0)
  let netTaxed = vatLines.reduce((sum, l) => sum + l.baseCents, 0)
  let nonTaxed = total - netTaxed - vat
  if (nonTaxed < 0) {
    vatLines[0]!.baseCents += nonTaxed
    netTaxed += nonTaxed
    nonTaxed = 0
  }
  return { netTaxed, nonTaxed, exempt: 0, vat, vatLines }
}

/**
 * The credit note of a refund of `amount` centavos against `invoice`: the same letter, the
 * invoice's parts in the proportion amount / total (half up), so a whole refund gives back exactly
 * what was invoiced; one line names the order.
 */
export function creditNoteFigures(
  invoice: Pick<InvoiceFigures, 'letter' | 'receiver' | 'total' | 'vatLines'>,
  amount: number,
  orderNumber: number,
): InvoiceFigures {
  const lines: InvoiceLine[] = [
    {
      description: `Devolución del pedido #${orderNumber}`,
      quantity: 1,
      unitPriceCents: amount,
      totalCents: amount,
    },
  ]
  const base = {
    letter: invoice.letter,
    voucherType: VOUCHER_TYPES.credit_note[invoice.letter],
    receiver: invoice.receiver,
    lines,
    total: amount,
  }
  if (invoice.letter === 'C')
    return { ...base, netTaxed: amount, nonTaxed: 0, exempt: 0, vat: 0, vatLines: [] }
  const scale = (v: number) =>
    amount >= invoice.total ? v : mulDivHalfUp(v, amount, invoice.total)
  if (invoice.vatLines.length === 0)
    return { ...base, netTaxed: 0, nonTaxed: 0, exempt: amount, vat: 0, vatLines: [] }
  const vatLines = invoice.vatLines.map((l) => ({
    ...l,
    baseCents: scale(l.baseCents),
    amountCents: scale(l.amountCents),
  }))
  return { ...base, ...balance(amount, vatLines) }
}
