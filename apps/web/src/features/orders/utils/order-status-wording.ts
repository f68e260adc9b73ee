import type { Order } from '@barrio/contracts/orders'

import { formatMoney } from '@/lib/format'

type Worded = Pick<
  Order,
  'status' | 'paymentStatus' | 'fulfillmentStatus' | 'total' | 'refundedAmount' | 'items'
>

/** "Reembolsamos $ 1.200 de $ 8.500", or the whole amount; null when nothing was refunded. */
export function refundWording(order: Worded): string | null {
  if (order.refundedAmount <= 0) return null
  if (order.refundedAmount >= order.total || order.paymentStatus === 'refunded')
    return `Reembolsamos el total de ${formatMoney(order.total)}.`
  return `Reembolsamos ${formatMoney(order.refundedAmount)} de ${formatMoney(order.total)}.`
}

/**
 * The preparation in the customer's words when it is partial: how many of the units that still
 * go to them (refunded ones do not) are already in a shipment. Null otherwise (the badge says it).
 */
export function fulfillmentWording(order: Worded): string | null {
  if (order.status === 'cancelled' || order.fulfillmentStatus !== 'partially_fulfilled') return null
  const due = order.items.reduce((s, i) => s + Math.max(0, i.quantity - i.refundedQuantity), 0)
  const sent = order.items.reduce(
    (s, i) => s + Math.min(i.fulfilledQuantity, Math.max(0, i.quantity - i.refundedQuantity)),
    0,
  )
  return `Ya estamos preparando ${sent} de ${due} ${due === 1 ? 'producto' : 'productos'}; el resto va en otro envío.`
}

/** Every sentence the order page adds to the badges, in the order it shows them. */
export function orderStatusWording(order: Worded): string[] {
  return [fulfillmentWording(order), refundWording(order)].filter((s): s is string => s !== null)
}
