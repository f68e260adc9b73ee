import { adminOrderSchema, type AdminOrder } from '@barrio/contracts/admin-orders'
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
