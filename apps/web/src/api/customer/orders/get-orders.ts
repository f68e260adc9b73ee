import { PAGE_SIZES } from '@barrio/contracts/constants'
import { orderPageSchema, type Order } from '@barrio/contracts/orders'
import type { Page } from '@barrio/contracts/pagination'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { assertOwner, getOwnerKey } from '@/lib/owner'
import { useAppStore } from '@/lib/app-store'
import { http } from '@/lib/http/client'

export const ORDERS_KEY = ['orders'] as const

/** GET /orders?page&limit (defaults 1 and 50): the customer's orders, newest first. */
export async function getOrders({
  page = 1,
  limit = PAGE_SIZES.orders,
}: { page?: number; limit?: number } = {}): Promise<Page<Order>> {
  assertOwner()
  const response = await http.get<unknown>('/orders', { params: { page, limit } })
  return orderPageSchema.parse(response.data)
}

export function getOrdersQueryOptions(page: number, owner: string | null = getOwnerKey()) {
  return queryOptions({
    queryKey: [...ORDERS_KEY, owner, 'list', { page, limit: PAGE_SIZES.orders }],
    queryFn: () => getOrders({ page }),
    placeholderData: keepPreviousData,
  })
}

export function useOrders(page: number) {
  const owner = useAppStore(getOwnerKey)
  return useQuery(getOrdersQueryOptions(page, owner))
}
