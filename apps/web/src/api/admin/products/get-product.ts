import { adminProductSchema, type AdminProduct } from '@barrio/contracts/admin-products'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

/** GET /admin/products/{id}. */
export async function getAdminProduct(productId: string): Promise<AdminProduct> {
  return adminProductSchema.parse(await adminHttp.get(`/products/${encodeURIComponent(productId)}`))
}

export function adminProductQueryOptions(storeId: string | null, productId: string) {
  return queryOptions({
    queryKey: adminKeys.products.detail(storeId, productId),
    queryFn: () => getAdminProduct(productId),
    enabled: Boolean(storeId),
  })
}

export function useAdminProduct(productId: string) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(adminProductQueryOptions(storeId, productId))
}
