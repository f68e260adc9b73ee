import {
  adminOrderPageSchema,
  type AdminOrderSummary,
  type OrderSort,
} from '@barrio/contracts/admin-orders'
import type { Page } from '@barrio/contracts/pagination'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

/**
 * GET /admin/orders's params; `query` is the JSON filter (orderFilterSchema), `scheduledDay` a
 * Buenos Aires day of scheduled orders (issue 26).
 */
export type OrderListParams = {
  page: number
  limit: number
  sort: OrderSort
  query?: string
  scheduledDay?: string
}

/** GET /admin/orders?page&limit&query&sort[&scheduledDay] (query = JSON filter). */
export async function getAdminOrders(params: OrderListParams): Promise<Page<AdminOrderSummary>> {
  return adminOrderPageSchema.parse(await adminHttp.get('/orders', { params }))
}

export function adminOrdersQueryOptions(storeId: string | null, params: OrderListParams) {
  return queryOptions({
    queryKey: adminKeys.orders.list(storeId, params),
    queryFn: () => getAdminOrders(params),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  })
}

/** The selected store's orders for these params. */
export function useAdminOrders(params: OrderListParams) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(adminOrdersQueryOptions(storeId, params))
}
