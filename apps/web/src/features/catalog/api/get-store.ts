import type { Store } from '@barrio/contracts/stores'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { http } from '@/lib/http/client'

/** GET /stores/{idOrHandle}: a shop by id or handle (404 NOT_FOUND when unknown). */
export async function getStore(idOrHandle: string): Promise<Store> {
  const response = await http.get<Store>(`/stores/${encodeURIComponent(idOrHandle)}`)
  return response.data
}

export function getStoreQueryOptions(idOrHandle: string) {
  return queryOptions({
    queryKey: ['stores', 'detail', idOrHandle],
    queryFn: () => getStore(idOrHandle),
  })
}

export function useStore(idOrHandle: string) {
  return useQuery(getStoreQueryOptions(idOrHandle))
}
