import type { AdminOrder, FulfillmentEvent } from '@barrio/contracts/admin-orders'

import {
  orderPath,
  parseOrder,
  useOrderMutation,
} from '@/features/seller-orders/api/use-order-mutation'
import { adminHttp } from '@/lib/http/admin-client'

/** POST /admin/orders/{id}/fulfillment-event {newEvent}. */
export function applyFulfillmentEvent(
  orderId: string,
  newEvent: FulfillmentEvent,
): Promise<AdminOrder> {
  return parseOrder(adminHttp.post(`${orderPath(orderId)}/fulfillment-event`, { newEvent }))
}

/** Variables: the step and its Spanish label (for the toast). */
export function useApplyFulfillmentEvent(storeId: string | null, orderId: string) {
  return useOrderMutation(
    storeId,
    ({ event }: { event: FulfillmentEvent; label: string }) =>
      applyFulfillmentEvent(orderId, event),
    (_order, { label }) => `Pedido marcado como "${label}".`,
  )
}
