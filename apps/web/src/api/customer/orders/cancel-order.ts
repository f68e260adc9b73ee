import { orderSchema, type Order } from '@barrio/contracts/orders'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { getOrderQueryOptions } from '@/api/customer/orders/get-order'
import { ORDERS_KEY } from '@/api/customer/orders/get-orders'
import { http } from '@/lib/http/client'

/** POST /orders/{id}/cancel: the customer cancels before the store starts preparing it. */
export async function cancelOrder(orderId: string, reason: string): Promise<Order> {
  const response = await http.post<unknown>(
    `/orders/${encodeURIComponent(orderId)}/cancel`,
    reason.trim() ? { reason: reason.trim() } : {},
  )
  return orderSchema.parse(response.data)
}

/** The order as the server answered goes straight into the page; the lists refresh. */
export function useCancelOrder(orderId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (reason: string) => cancelOrder(orderId, reason),
    onSuccess: (order) => {
      queryClient.setQueryData(getOrderQueryOptions(orderId).queryKey, order)
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY, refetchType: 'none' })
    },
  })
}
