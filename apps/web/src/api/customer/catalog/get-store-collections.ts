import type { Collection } from '@barrio/contracts/stores'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { http } from '@/lib/http/client'

/**
 * GET /stores/{idOrHandle}/collections: the shop's collections, for the filter chips.
 * Typed, not parsed: the shop page, a first page (decision 034: no zod on the first page).
 */
export async function getStoreCollections(idOrHandle: string): Promise<Collection[]> {
  const response = await http.get<Collection[]>(
    `/stores/${encodeURIComponent(idOrHandle)}/collections`,
  )
  return response.data
}

export function getStoreCollectionsQueryOptions(idOrHandle: string) {
  return queryOptions({
    queryKey: ['stores', 'collections', idOrHandle],
    queryFn: () => getStoreCollections(idOrHandle),
  })
}

export function useStoreCollections(idOrHandle: string) {
  return useQuery(getStoreCollectionsQueryOptions(idOrHandle))
}
