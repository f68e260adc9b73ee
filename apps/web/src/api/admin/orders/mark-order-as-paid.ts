import type { AdminOrder } from '@barrio/contracts/admin-orders'

import { orderPath, parseOrder, useOrderMutation } from '@/api/admin/orders/use-order-mutation'
import { adminHttp } from '@/lib/http/admin-client'

/** POST /admin/orders/{id}/mark-as-paid (empty body): cash or transfer received. */
export function markOrderAsPaid(orderId: string): Promise<AdminOrder> {
  return parseOrder(adminHttp.post(`${orderPath(orderId)}/mark-as-paid`))
}

export function useMarkOrderAsPaid(storeId: string | null, orderId: string) {
  return useOrderMutation(
    storeId,
    () => markOrderAsPaid(orderId),
    () => 'Pago registrado.',
  )
}
