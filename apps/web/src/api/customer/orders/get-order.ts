import { orderSchema, type Order } from '@barrio/contracts/orders'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { ORDERS_KEY } from '@/api/customer/orders/get-orders'
import { assertOwner, getOwnerKey } from '@/lib/owner'
import { useAppStore } from '@/lib/app-store'
import { http } from '@/lib/http/client'

/** GET /orders/{id}. */
export async function getOrder(orderId: string): Promise<Order> {
  assertOwner()
  const response = await http.get<unknown>(`/orders/${encodeURIComponent(orderId)}`)
  return orderSchema.parse(response.data)
}

export function getOrderQueryOptions(orderId: string, owner: string | null = getOwnerKey()) {
  return queryOptions({
    queryKey: [...ORDERS_KEY, owner, 'detail', orderId],
    queryFn: () => getOrder(orderId),
    staleTime: 0,
  })
}

export function useOrder(
  orderId: string,
  { refetchInterval }: { refetchInterval?: number | false } = {},
) {
  const owner = useAppStore(getOwnerKey)
  return useQuery({
    ...getOrderQueryOptions(orderId, owner),
    refetchInterval: refetchInterval ?? false,
  })
}
