import {
  adminOrderSchema,
  type AdminOrder,
  type AdminOrderStore,
} from '@barrio/contracts/admin-orders'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { sellerOrderKeys } from '@/features/seller-orders/api/keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

/** GET /admin/orders/{id}. */
export async function getAdminOrder(orderId: string): Promise<AdminOrder> {
  return adminOrderSchema.parse(await adminHttp.get(`/orders/${encodeURIComponent(orderId)}`))
}

export function adminOrderQueryOptions(storeId: string | null, orderId: string) {
  return queryOptions({
    queryKey: sellerOrderKeys.detail(storeId, orderId),
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
  return adminHttp.get<AdminOrderStore>(`/order-stores/${encodeURIComponent(orderId)}`)
}

/** Not store-scoped: the answer is the same whatever store is selected. */
export function adminOrderStoreQueryOptions(orderId: string, enabled: boolean) {
  return queryOptions({
    queryKey: ['admin', 'order-store', orderId] as const,
    queryFn: () => getAdminOrderStore(orderId),
    enabled,
  })
}
