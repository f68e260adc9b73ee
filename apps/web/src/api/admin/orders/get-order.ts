import {
  adminOrderSchema,
  type AdminOrder,
  adminOrderStoreSchema,
  type AdminOrderStore,
} from '@barrio/contracts/admin-orders'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

/** GET /admin/orders/{id}. */
export async function getAdminOrder(orderId: string): Promise<AdminOrder> {
  return adminOrderSchema.parse(await adminHttp.get(`/orders/${encodeURIComponent(orderId)}`))
}

export function adminOrderQueryOptions(storeId: string | null, orderId: string) {
  return queryOptions({
    queryKey: adminKeys.orders.detail(storeId, orderId),
    queryFn: () => getAdminOrder(orderId),
    enabled: Boolean(storeId),
  })
}

export function useAdminOrder(orderId: string) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(adminOrderQueryOptions(storeId, orderId))
}

/** GET /admin/order-stores/{id}: which of the user's stores the order belongs to. */
export async function getAdminOrderStore(orderId: string): Promise<AdminOrderStore> {
  return adminOrderStoreSchema.parse(
    await adminHttp.get(`/order-stores/${encodeURIComponent(orderId)}`),
  )
}

/** Not store-scoped: the answer is the same whatever store is selected. */
export function adminOrderStoreQueryOptions(orderId: string, enabled: boolean) {
  return queryOptions({
    queryKey: adminKeys.orders.store(orderId),
    queryFn: () => getAdminOrderStore(orderId),
    enabled,
  })
}
