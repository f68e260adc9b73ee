import { newProductIdSchema } from '@barrio/contracts/admin-products'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

/** GET /admin/products/id: a fresh id for the create-then-edit flow. */
export async function getNewProductId(): Promise<string> {
  return newProductIdSchema.parse(await adminHttp.get('/products/id'))._id
}

export function newProductIdQueryOptions(storeId: string | null) {
  return queryOptions({
    queryKey: adminKeys.products.newId(storeId),
    queryFn: getNewProductId,
    enabled: Boolean(storeId),
    // One id per visit of the "new product" page.
    staleTime: Infinity,
    gcTime: 0,
  })
}

export function useNewProductId() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(newProductIdQueryOptions(storeId))
}
