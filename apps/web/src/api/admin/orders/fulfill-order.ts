import type { AdminFulfillInput, AdminOrder } from '@barrio/contracts/admin-orders'

import { orderPath, parseOrder, useOrderMutation } from '@/api/admin/orders/use-order-mutation'
import { adminHttp } from '@/lib/http/admin-client'

/**
 * POST /admin/orders/{id}/fulfill (optional body): starts preparing some lines (`items`), or
 * with no body everything still to fulfil.
 */
export function fulfillOrder(orderId: string, input?: AdminFulfillInput): Promise<AdminOrder> {
  return parseOrder(adminHttp.post(`${orderPath(orderId)}/fulfill`, input))
}

export function useFulfillOrder(storeId: string | null, orderId: string) {
  return useOrderMutation(
    storeId,
    (input: AdminFulfillInput | undefined) => fulfillOrder(orderId, input),
    (_order, input) =>
      input?.items ? 'Empezaste a preparar lo seleccionado.' : 'Empezaste a preparar el pedido.',
  )
}
