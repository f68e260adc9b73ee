import {
  adminProductPageSchema,
  type AdminProduct,
  type PRODUCT_SORTS,
} from '@barrio/contracts/admin-products'
import type { Page } from '@barrio/contracts/pagination'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

/** GET /admin/products's params; `query` is the JSON filter (productFilterSchema). */
export type ProductListParams = {
  page: number
  limit: number
  sort: (typeof PRODUCT_SORTS)[number]
  query?: string
}

/** GET /admin/products?page&limit&query&sort (query = JSON filter). */
export async function getAdminProducts(params: ProductListParams): Promise<Page<AdminProduct>> {
  return adminProductPageSchema.parse(await adminHttp.get('/products', { params }))
}

export function adminProductsQueryOptions(storeId: string | null, params: ProductListParams) {
  return queryOptions({
    queryKey: adminKeys.products.list(storeId, params),
    queryFn: () => getAdminProducts(params),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  })
}

/** The selected store's products for these params. */
export function useAdminProducts(params: ProductListParams) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(adminProductsQueryOptions(storeId, params))
}
