import {
  adminRefundInputSchema,
  type AdminOrder,
  type AdminRefundInput,
} from '@barrio/contracts/admin-orders'

import { validateWith, type Validated } from '@/components/form/form-errors'
import { wholeUnits } from '@/features/admin-orders/components/fulfillments-section'
import { formatMoney } from '@/lib/format'

export type RefundMode = 'items' | 'amount'

/** The refund dialog's values: units per line (by item id) or an amount in pesos as typed. */
export type RefundValues = {
  mode: RefundMode
  units: Record<string, number | string>
  restock: boolean
  amount: string | number
}

/** The lines that still have units to refund. */
export function refundableItems(order: AdminOrder) {
  return order.items.filter((i) => i.quantity - i.refundedQuantity > 0)
}

export function initialRefundValues(order: AdminOrder): RefundValues {
  return {
    mode: refundableItems(order).length ? 'items' : 'amount',
    units: {},
    // A cancelled order's stock is already back.
    restock: order.status !== 'cancelled',
    amount: '',
  }
}

/** Pesos typed by the seller ("1500,50") as centavos; null when it is not a positive amount. */
export function pesosToCentavos(value: string | number): number | null {
  const n =
    typeof value === 'number' ? value : Number(String(value).replace(/\./g, '').replace(',', '.'))
  if (!Number.isFinite(n) || n <= 0) return null
  return Math.round(n * 100)
}

/**
 * The lines the request sends, in order: the server's `items.N.quantity` names the Nth of them.
 */
export function chosenLines(order: AdminOrder, units: RefundValues['units']) {
  return refundableItems(order)
    .map((i) => ({ itemId: i._id, quantity: wholeUnits(units[i._id] ?? 0) }))
    .filter((l) => l.quantity > 0)
}

/**
 * The request body through the contract's `adminRefundInputSchema`, plus what only the dialog
 * knows before sending: the amount typed in pesos, and what is left to refund.
 */
export function validateRefund(
  order: AdminOrder,
  values: RefundValues,
): Validated<AdminRefundInput> {
  if (values.mode === 'items') {
    const input = { items: chosenLines(order, values.units), restock: values.restock }
    const result = validateWith(adminRefundInputSchema, input)
    if (result.success) return result
    // The item ids are the order's own, not typed: the server checks them.
    const errors = Object.fromEntries(
      Object.entries(result.errors).filter(([path]) => !/^items\.\d+\.itemId$/.test(path)),
    )
    return Object.keys(errors).length ? { success: false, errors } : { success: true, data: input }
  }
  const cents = pesosToCentavos(values.amount)
  const left = order.actions.refundableAmount
  if (cents === null)
    return { success: false, errors: { amount: 'Ingresá un monto mayor que cero.' } }
  if (cents > left)
    return { success: false, errors: { amount: `Podés reembolsar hasta ${formatMoney(left)}.` } }
  return validateWith(adminRefundInputSchema, { amount: cents })
}
