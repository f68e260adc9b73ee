import type { AdminOrder } from '@barrio/contracts/admin-orders'

import {
  orderPath,
  parseOrder,
  useOrderMutation,
} from '@/features/seller-orders/api/use-order-mutation'
import { adminHttp } from '@/lib/http/admin-client'

/** POST /admin/orders/{id}/refund (empty body). */
export function refundOrder(orderId: string): Promise<AdminOrder> {
  return parseOrder(adminHttp.post(`${orderPath(orderId)}/refund`))
}

export function useRefundOrder(storeId: string | null, orderId: string) {
  return useOrderMutation(
    storeId,
    () => refundOrder(orderId),
    () => 'Reembolso registrado.',
  )
}
