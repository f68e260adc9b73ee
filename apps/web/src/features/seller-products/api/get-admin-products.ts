import {
  adminProductPageSchema,
  adminProductSchema,
  newProductIdSchema,
  type AdminProduct,
} from '@barrio/contracts/admin-products'
import type { Page } from '@barrio/contracts/pagination'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'

import type { ProductListParams } from '@/features/seller-products/utils/product-filter'
import { storeScopedKey } from '@/lib/admin-query-keys'
import { adminHttp } from '@/lib/http/admin-client'

export const productKeys = {
  all: (storeId: string | null) => storeScopedKey(storeId, 'products'),
  list: (storeId: string | null, params: ProductListParams) =>
    storeScopedKey(storeId, 'products', 'list', params),
  detail: (storeId: string | null, productId: string) =>
    storeScopedKey(storeId, 'products', 'detail', productId),
  newId: (storeId: string | null) => storeScopedKey(storeId, 'products', 'new-id'),
}

/** GET /admin/products?page&limit&query&sort (query = JSON filter). */
export async function getAdminProducts(params: ProductListParams): Promise<Page<AdminProduct>> {
  return adminProductPageSchema.parse(await adminHttp.get('/products', { params }))
}

export function adminProductsQueryOptions(storeId: string | null, params: ProductListParams) {
  return queryOptions({
    queryKey: productKeys.list(storeId, params),
    queryFn: () => getAdminProducts(params),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  })
}

/** GET /admin/products/{id}. */
export async function getAdminProduct(productId: string): Promise<AdminProduct> {
  return adminProductSchema.parse(await adminHttp.get(`/products/${encodeURIComponent(productId)}`))
}

export function adminProductQueryOptions(storeId: string | null, productId: string) {
  return queryOptions({
    queryKey: productKeys.detail(storeId, productId),
    queryFn: () => getAdminProduct(productId),
    enabled: Boolean(storeId),
  })
}

/** GET /admin/products/id: a fresh id for the create-then-edit flow. */
export async function getNewProductId(): Promise<string> {
  return newProductIdSchema.parse(await adminHttp.get('/products/id'))._id
}

export function newProductIdQueryOptions(storeId: string | null) {
  return queryOptions({
    queryKey: productKeys.newId(storeId),
    queryFn: getNewProductId,
    enabled: Boolean(storeId),
    // One id per visit of the "new product" page.
    staleTime: Infinity,
    gcTime: 0,
  })
}
