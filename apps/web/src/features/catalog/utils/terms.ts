import type { StoreTerms } from '@barrio/contracts/stores'

import { formatMoney } from '@/lib/format'

type Delivery = NonNullable<StoreTerms['delivery']>
type Shipping = NonNullable<StoreTerms['shipping']>

const fee = (amount: number, varies: boolean) => `${varies ? 'desde ' : ''}${formatMoney(amount)}`

/** "Entrega $ 500", "Entrega desde $ 500" (by distance), "Entrega sin cargo". */
export function deliveryFeeText(delivery: Delivery): string {
  if (delivery.fee === 0 && !delivery.feeVaries) return 'Entrega sin cargo'
  return `Entrega ${fee(delivery.fee, delivery.feeVaries)}`
}

/** "Envío por correo $ 3.500", or "desde" when provinces pay differently. */
export function shippingFeeText(shipping: Shipping): string {
  return `Envío por correo ${fee(shipping.fee, shipping.feeVaries)}`
}

/**
 * What ordering costs, in a shop's card and at the top of its page (issue 30): the delivery fee and
 * the minimum order, or the shipping fee of a shop that only ships. Empty without terms.
 */
export function termsSummary(terms: StoreTerms | undefined): string[] {
  if (!terms) return []
  const { delivery, shipping } = terms
  if (delivery) {
    return [
      deliveryFeeText(delivery),
      ...(delivery.minOrder ? [`Pedido mínimo ${formatMoney(delivery.minOrder)}`] : []),
    ]
  }
  return shipping ? [shippingFeeText(shipping)] : []
}

/** The delivery terms in a sentence, for the shop page's "Entregas y retiro". */
export function deliveryTermsSentence(delivery: Delivery): string {
  const parts = [
    delivery.fee === 0 && !delivery.feeVaries
      ? 'Sin cargo'
      : `Costo ${fee(delivery.fee, delivery.feeVaries)}${delivery.feeVaries ? ' según la distancia' : ''}`,
    ...(delivery.freeFrom ? [`gratis desde ${formatMoney(delivery.freeFrom)}`] : []),
    ...(delivery.minOrder ? [`pedido mínimo ${formatMoney(delivery.minOrder)}`] : []),
  ]
  return `${parts.join(', ')}.`
}
