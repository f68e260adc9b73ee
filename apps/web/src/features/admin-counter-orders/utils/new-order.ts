import {
  counterOrderInputSchema,
  type CounterOrderInput,
} from '@barrio/contracts/admin-counter-orders'

import { validateWith, type FieldErrors, type Validated } from '@/components/form/form-errors'

export type OrderLine = {
  variantId: string
  title: string
  variantTitle: string
  price: number
  /** Units in stock when it was added (null: not tracked). */
  stock: number | null
  quantity: number
}

/**
 * The order being written. Field names follow the request body, so a path is the same in the
 * form, the contract schema and the server's errors (`items.0.quantity`, `shippingAddressId`).
 */
export type NewOrderDraft = {
  customerId: string | null
  items: OrderLine[]
  deliveryType: CounterOrderInput['deliveryType'] | null
  shippingAddressId: string | null
  paymentMethod: CounterOrderInput['paymentMethod'] | null
  paid: boolean
  note: string
}

export function emptyDraft(customerId: string | null = null): NewOrderDraft {
  return {
    customerId,
    items: [],
    deliveryType: null,
    shippingAddressId: null,
    paymentMethod: null,
    paid: false,
    note: '',
  }
}

/** The variant's name as the seller reads it: "Medialunas x 12 (Manteca)". */
export function lineName(line: { title: string; variantTitle: string }): string {
  return line.variantTitle && line.variantTitle !== 'Predeterminado'
    ? `${line.title} (${line.variantTitle})`
    : line.title
}

/** Adds one unit of a variant: a new line, or one more of the line it already has. */
export function addLine(lines: OrderLine[], line: Omit<OrderLine, 'quantity'>): OrderLine[] {
  const existing = lines.find((l) => l.variantId === line.variantId)
  if (existing) return lines.map((l) => (l === existing ? { ...l, quantity: l.quantity + 1 } : l))
  return [...lines, { ...line, quantity: 1 }]
}

/** The draft as the request body (pickup sends no address, an empty note is none). */
function toOrderInput(draft: NewOrderDraft) {
  return {
    customerId: draft.customerId,
    items: draft.items.map((l) => ({ variantId: l.variantId, quantity: l.quantity })),
    deliveryType: draft.deliveryType,
    shippingAddressId: draft.deliveryType === 'pickup' ? null : draft.shippingAddressId,
    paymentMethod: draft.paymentMethod,
    paid: draft.paid,
    note: draft.note.trim() || null,
  }
}

/**
 * The contract's `counterOrderInputSchema` plus what only the form knows before sending (the
 * stock seen when the line was added, an address for delivery); the server checks it all again.
 * Errors are keyed by the request's paths, like the server's, so both land under the same fields.
 */
export function validateNewOrder(draft: NewOrderDraft): Validated<CounterOrderInput> {
  const input = toOrderInput(draft)
  const parsed = validateWith(counterOrderInputSchema, input)
  const errors: FieldErrors = parsed.success ? {} : { ...parsed.errors }
  draft.items.forEach((line, index) => {
    const path = `items.${index}.quantity`
    if (path in errors || line.stock === null || line.quantity <= line.stock) return
    errors[path] = line.stock > 0 ? `Solo quedan ${line.stock}` : 'No queda stock de este producto'
  })
  if (draft.deliveryType && draft.deliveryType !== 'pickup' && !draft.shippingAddressId)
    errors.shippingAddressId ??= 'Elegí la dirección de entrega'
  if (!parsed.success || Object.keys(errors).length) return { success: false, errors }
  // An empty note travels as none, as the form always sent it.
  return { success: true, data: { ...parsed.data, note: parsed.data.note || null } }
}
