import type { AdminOrder } from '@barrio/contracts/admin-orders'

import {
  orderPath,
  parseOrder,
  useOrderMutation,
} from '@/features/seller-orders/api/use-order-mutation'
import { adminHttp } from '@/lib/http/admin-client'

/** POST /admin/orders/{id}/fulfill (optional body): starts preparing the order. */
export function fulfillOrder(orderId: string, note?: string): Promise<AdminOrder> {
  return parseOrder(adminHttp.post(`${orderPath(orderId)}/fulfill`, note ? { note } : undefined))
}

export function useFulfillOrder(storeId: string | null, orderId: string) {
  return useOrderMutation(
    storeId,
    () => fulfillOrder(orderId),
    () => 'Empezaste a preparar el pedido.',
  )
}
