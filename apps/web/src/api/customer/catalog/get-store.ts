import type { Store } from '@barrio/contracts/stores'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { http } from '@/lib/http/client'

/**
 * GET /stores/{idOrHandle}: a shop by id or handle (404 NOT_FOUND when unknown).
 * Typed, not parsed: a catalogue page's answer (decision 034: no zod on the first page).
 */
export async function getStore(idOrHandle: string): Promise<Store> {
  const response = await http.get<Store>(`/stores/${encodeURIComponent(idOrHandle)}`)
  return response.data
}

export function getStoreQueryOptions(idOrHandle: string) {
  return queryOptions({
    queryKey: ['stores', 'detail', idOrHandle],
    queryFn: () => getStore(idOrHandle),
    // The HTTP client has already retried what spec section 9 retries; a failed answer (e.g. the
    // 404 of an early-page prefetch) is not asked again because the page mounts.
    retryOnMount: false,
  })
}

export function useStore(idOrHandle: string) {
  return useQuery(getStoreQueryOptions(idOrHandle))
}
