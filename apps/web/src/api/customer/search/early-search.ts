import type { GeoPoint } from '@barrio/contracts/geo'
import type { SearchResult } from '@barrio/contracts/search'
import type { QueryClient } from '@tanstack/react-query'

import { getSearch, getSearchQueryOptions } from '@/api/customer/search/get-search'

/**
 * What index.html's inline script asked for on the search results page (`/search?q=` and nothing
 * else) before the JavaScript loaded: the first page of the search near the remembered point.
 * `answer` is the API's JSON, or null when the request failed.
 */
export type EarlySearch = {
  q: string
  lat: number
  lng: number
  answer: Promise<SearchResult | null>
}

declare global {
  interface Window {
    __barrioSearch?: EarlySearch
  }
}

/**
 * The text of a results page with no filter, sort or page in its address (what the search box
 * opens); null for any other: index.html asks only for that one (the app's defaults).
 */
export function plainSearchText(search: string): string | null {
  const params = new URLSearchParams(search)
  if ([...params.keys()].some((key) => key !== 'q')) return null
  const q = (params.get('q') ?? '').trim()
  return q === '' ? null : q
}

/**
 * Takes index.html's early answer once and puts it where the results page looks for it (the query
 * `useSearch` runs for that text and point), when it was asked for this very search; a request
 * that got no answer is asked again here.
 */
export function prefetchEarlySearch(
  queryClient: QueryClient,
  search: string,
  point: GeoPoint | null,
): void {
  const early = window.__barrioSearch
  delete window.__barrioSearch
  const q = plainSearchText(search)
  if (!early || !point || q === null) return
  if (early.q !== q || early.lat !== point.lat || early.lng !== point.lng) return
  const params = { q, lat: point.lat, lng: point.lng }
  void queryClient.prefetchQuery({
    ...getSearchQueryOptions(params),
    queryFn: async () => (await early.answer) ?? getSearch(params),
  })
}
