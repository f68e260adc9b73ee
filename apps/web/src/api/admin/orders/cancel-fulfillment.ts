import type { AdminOrder } from '@barrio/contracts/admin-orders'

import { orderPath, parseOrder, useOrderMutation } from '@/api/admin/orders/use-order-mutation'
import { adminHttp } from '@/lib/http/admin-client'

/** POST /admin/orders/{id}/fulfillment/{fid}/cancel {reason} (the server defaults the reason). */
export function cancelFulfillment(
  orderId: string,
  fulfillmentId: string,
  reason: string,
): Promise<AdminOrder> {
  const trimmed = reason.trim()
  return parseOrder(
    adminHttp.post(
      `${orderPath(orderId)}/fulfillment/${encodeURIComponent(fulfillmentId)}/cancel`,
      trimmed ? { reason: trimmed } : {},
    ),
  )
}

export function useCancelFulfillment(storeId: string | null, orderId: string) {
  return useOrderMutation(
    storeId,
    ({ fulfillmentId, reason }: { fulfillmentId: string; reason: string }) =>
      cancelFulfillment(orderId, fulfillmentId, reason),
    () => 'Cancelaste el envío.',
  )
}
