import type { AdminOrder, FulfillmentEvent } from '@barrio/contracts/admin-orders'

import { orderPath, parseOrder, useOrderMutation } from '@/api/admin/orders/use-order-mutation'
import { adminHttp } from '@/lib/http/admin-client'

/**
 * POST /admin/orders/{id}/fulfillment-event {newEvent, fulfillmentId?}: without a fulfillment
 * the oldest one on its way moves on.
 */
export function applyFulfillmentEvent(
  orderId: string,
  newEvent: FulfillmentEvent,
  fulfillmentId?: string,
): Promise<AdminOrder> {
  return parseOrder(
    adminHttp.post(
      `${orderPath(orderId)}/fulfillment-event`,
      fulfillmentId ? { newEvent, fulfillmentId } : { newEvent },
    ),
  )
}

/** Variables: the step and its Spanish label (for the toast). */
export function useApplyFulfillmentEvent(storeId: string | null, orderId: string) {
  return useOrderMutation(
    storeId,
    ({
      event,
      fulfillmentId,
    }: {
      event: FulfillmentEvent
      label: string
      fulfillmentId?: string
    }) => applyFulfillmentEvent(orderId, event, fulfillmentId),
    (_order, { label, fulfillmentId }) =>
      fulfillmentId ? `Envío marcado como "${label}".` : `Pedido marcado como "${label}".`,
  )
}
