import { collectionSchema, type Collection } from '@barrio/contracts/stores'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'

import { http } from '@/lib/http/client'

const collectionListSchema = z.array(collectionSchema)

/** GET /stores/{idOrHandle}/collections: the shop's collections, for the filter chips. */
export async function getStoreCollections(idOrHandle: string): Promise<Collection[]> {
  const response = await http.get<unknown>(`/stores/${encodeURIComponent(idOrHandle)}/collections`)
  return collectionListSchema.parse(response.data)
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
