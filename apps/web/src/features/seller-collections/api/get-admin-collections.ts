import {
  adminCollectionPageSchema,
  adminCollectionSchema,
  type AdminCollection,
} from '@barrio/contracts/admin-collections'
import { PAGE_SIZES } from '@barrio/contracts/constants'
import type { Page } from '@barrio/contracts/pagination'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'

import { storeScopedKey } from '@/lib/admin-query-keys'
import { adminHttp } from '@/lib/http/admin-client'

export type CollectionListParams = { page: number; limit: number; q?: string }

export const collectionKeys = {
  all: (storeId: string | null) => storeScopedKey(storeId, 'collections'),
  list: (storeId: string | null, params: CollectionListParams) =>
    storeScopedKey(storeId, 'collections', 'list', params),
  detail: (storeId: string | null, id: string) =>
    storeScopedKey(storeId, 'collections', 'detail', id),
}

export function buildCollectionListParams(page: number, search: string): CollectionListParams {
  const q = search.trim()
  return { page, limit: PAGE_SIZES.collections, ...(q ? { q: q.slice(0, 100) } : {}) }
}

/** GET /admin/collections?page&limit&q (page size 10). */
export async function getAdminCollections(
  params: CollectionListParams,
): Promise<Page<AdminCollection>> {
  return adminCollectionPageSchema.parse(await adminHttp.get('/collections', { params }))
}

export function adminCollectionsQueryOptions(storeId: string | null, params: CollectionListParams) {
  return queryOptions({
    queryKey: collectionKeys.list(storeId, params),
    queryFn: () => getAdminCollections(params),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  })
}

/** GET /admin/collections/{id}. */
export async function getAdminCollection(id: string): Promise<AdminCollection> {
  return adminCollectionSchema.parse(await adminHttp.get(`/collections/${encodeURIComponent(id)}`))
}

export function adminCollectionQueryOptions(storeId: string | null, id: string) {
  return queryOptions({
    queryKey: collectionKeys.detail(storeId, id),
    queryFn: () => getAdminCollection(id),
    enabled: Boolean(storeId),
  })
}
