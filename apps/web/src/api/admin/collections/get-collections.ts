import {
  adminCollectionPageSchema,
  type AdminCollection,
} from '@barrio/contracts/admin-collections'
import { PAGE_SIZES } from '@barrio/contracts/constants'
import type { Page } from '@barrio/contracts/pagination'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

export type CollectionListParams = { page: number; limit: number; q?: string }

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
    queryKey: adminKeys.collections.list(storeId, params),
    queryFn: () => getAdminCollections(params),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  })
}

/** The selected store's collections for these params. */
export function useAdminCollections(params: CollectionListParams) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(adminCollectionsQueryOptions(storeId, params))
}
