import { adminCollectionPageSchema } from '@barrio/contracts/admin-collections'
import { MAX_PAGE_SIZE } from '@barrio/contracts/pagination'
import { queryOptions } from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
import { adminHttp } from '@/lib/http/admin-client'

export type CollectionOption = { value: string; label: string }

/** The store's collections as picker options (GET /admin/collections, largest page). */
export async function getCollectionOptions(): Promise<CollectionOption[]> {
  const page = adminCollectionPageSchema.parse(
    await adminHttp.get('/collections', { params: { page: 1, limit: MAX_PAGE_SIZE } }),
  )
  return page.docs.map((c) => ({ value: c._id, label: c.title }))
}

export function collectionOptionsQueryOptions(storeId: string | null) {
  return queryOptions({
    queryKey: adminKeys.collections.options(storeId),
    queryFn: getCollectionOptions,
    enabled: Boolean(storeId),
  })
}
