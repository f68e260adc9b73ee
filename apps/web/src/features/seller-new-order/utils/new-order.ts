import type { SellerOrderInput } from '@barrio/contracts/admin-seller-orders'

import type { FieldErrors } from '@/components/admin/form-errors'
import { ApiError } from '@/lib/http/api-error'

/** A server error as field errors keyed by path (`items.0.quantity`); `_` holds the message. */
export function serverFieldErrors(error: unknown): FieldErrors {
  const errors: FieldErrors = {}
  if (error instanceof ApiError) {
    // The form's key already made an order with other data: the message says what to do.
    if (error.code === 'IDEMPOTENCY_KEY_REUSED') return { _: error.message }
    for (const e of error.errors) if (!(e.name in errors)) errors[e.name] = e.message
    if (!error.errors.length) errors._ = error.message
    return errors
  }
  errors._ = 'No pudimos crear el pedido. Probá de nuevo.'
  return errors
}

export type OrderLine = {
  variantId: string
  title: string
  variantTitle: string
  price: number
  /** Units in stock when it was added (null: not tracked). */
  stock: number | null
  quantity: number
}

export type NewOrderDraft = {
  customerId: string | null
  lines: OrderLine[]
  deliveryType: SellerOrderInput['deliveryType'] | null
  shippingAddressId: string | null
  paymentMethod: SellerOrderInput['paymentMethod'] | null
  paid: boolean
  note: string
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

/**
 * What the form checks before sending (the server checks everything again): the same field
 * paths as the API's errors, so both land under the same fields.
 */
export function validateDraft(draft: NewOrderDraft): FieldErrors {
  const errors: FieldErrors = {}
  if (!draft.customerId) errors.customerId = 'Elegí o creá el cliente'
  if (!draft.lines.length) errors.items = 'Agregá al menos un producto'
  draft.lines.forEach((l, i) => {
    if (!Number.isInteger(l.quantity) || l.quantity < 1)
      errors[`items.${i}.quantity`] = 'La cantidad mínima es 1'
    else if (l.stock !== null && l.quantity > l.stock)
      errors[`items.${i}.quantity`] =
        l.stock > 0 ? `Solo quedan ${l.stock}` : 'No queda stock de este producto'
  })
  if (!draft.deliveryType) errors.deliveryType = 'Elegí cómo recibe el pedido'
  else if (draft.deliveryType !== 'pickup' && !draft.shippingAddressId)
    errors.shippingAddressId = 'Elegí la dirección de entrega'
  if (!draft.paymentMethod) errors.paymentMethod = 'Elegí el medio de pago'
  return errors
}

export function toOrderInput(draft: NewOrderDraft): SellerOrderInput {
  return {
    customerId: draft.customerId ?? '',
    items: draft.lines.map((l) => ({ variantId: l.variantId, quantity: l.quantity })),
    deliveryType: draft.deliveryType ?? 'pickup',
    shippingAddressId: draft.deliveryType === 'pickup' ? null : draft.shippingAddressId,
    paymentMethod: draft.paymentMethod ?? 'cash',
    paid: draft.paid,
    note: draft.note.trim() || null,
  }
}
