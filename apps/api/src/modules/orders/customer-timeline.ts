/**
 * What of an order's timeline its customer reads (issue 30, decision 037). The store's timeline
 * holds entries and words meant for the team; the customer's answer is filtered here, on the
 * server, so no client (web, app, an old page) can show them:
 * - store-only notes (INTERNAL_NOTE_ADDED) never leave the store;
 * - the reason a seller types when cancelling the order or a shipment is the team's: the
 *   customer reads "Cancelado" (with Barrio's own words when Barrio cancelled it);
 * - "Repusimos el stock." is stock keeping, not news for the customer;
 * - a shipment the store cancelled collapses into its cancellation: "En camino" of a shipment
 *   that is no longer on its way is not shown as where the order is.
 */

/** The customer cancelled it from the order page (decision 037). */
export const CUSTOMER_CANCEL_NOTE = 'Cancelaste el pedido antes de que el comercio lo prepare.'
/** The sweep cancelled an unpaid Mercado Pago order at its deadline (decision 011). */
export const EXPIRED_PAYMENT_NOTE =
  'Cancelado porque el pago con Mercado Pago no se completó a tiempo. Liberamos el stock.'
/** "Cancelar pedido impago": the seller's one-click cancel of an order never paid. */
export const UNPAID_CANCEL_NOTE = 'Cancelado por el comercio: el pago no llegó.'
/** Written in a refund's note when its units went back to stock: the store's bookkeeping. */
export const RESTOCKED_NOTE = 'Repusimos el stock.'

/** Cancellation notes Barrio writes itself, in words for the customer. */
const CUSTOMER_CANCEL_NOTES: readonly string[] = [
  CUSTOMER_CANCEL_NOTE,
  EXPIRED_PAYMENT_NOTE,
  UNPAID_CANCEL_NOTE,
]

type Event = { type: string; note: string | null; fulfillmentId: string | null }

/** The note of an entry as the customer reads it, or null when it is the team's. */
function customerNote(e: Event): string | null {
  if (!e.note) return null
  switch (e.type) {
    case 'CANCELLED':
      return CUSTOMER_CANCEL_NOTES.includes(e.note) ? e.note : null
    case 'FULFILLMENT_CANCELLED':
      return null
    case 'PAYMENT_REFUNDED':
      return (
        e.note
          .replace(RESTOCKED_NOTE, '')
          .replace(/\s{2,}/g, ' ')
          .trim() || null
      )
    default:
      return e.note
  }
}

/**
 * The customer's entries: no store-only notes, no team's words, and of a cancelled shipment only
 * its cancellation. `cancelledFulfillments`: ids of the order's cancelled fulfillments.
 */
export function customerTimeline<E extends Event>(
  events: E[],
  cancelledFulfillments: ReadonlySet<string>,
): E[] {
  return events
    .filter((e) => e.type !== 'INTERNAL_NOTE_ADDED')
    .filter(
      (e) =>
        !e.fulfillmentId ||
        !cancelledFulfillments.has(e.fulfillmentId) ||
        e.type === 'FULFILLMENT_CANCELLED',
    )
    .map((e) => ({ ...e, note: customerNote(e) }))
}
