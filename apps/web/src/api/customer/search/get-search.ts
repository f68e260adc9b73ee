import type { StoreCategory } from '@barrio/contracts/common'
import { LOCATION_REQUIRED } from '@barrio/contracts/constants'
import type { DeliveryType } from '@barrio/contracts/enum-values'
import type { SearchResult, SearchSort } from '@barrio/contracts/search'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { searchKeys } from '@/api/customer/search/search-keys'
import { http } from '@/lib/http/client'

export type SearchParams = {
  q: string
  /** The selected address's point: the search covers the shops that serve it. */
  lat?: number | null
  lng?: number | null
  /** The products section's page (9 a page). */
  page?: number
  /** The shops section's page (10 a page). */
  storePage?: number
  category?: StoreCategory | null
  deliveryType?: DeliveryType | null
  /** Only shops open right now. */
  openNow?: boolean
  /** Relevance when absent. */
  sort?: SearchSort
}

/** The query string of GET /search: only what differs from the API's defaults, besides q and the point. */
export function searchRequestParams({
  q,
  lat,
  lng,
  page = 1,
  storePage = 1,
  category,
  deliveryType,
  openNow = false,
  sort = 'relevance',
}: SearchParams): Record<string, string | number> {
  const params: Record<string, string | number> = { q: q.trim(), page }
  if (typeof lat === 'number' && typeof lng === 'number') {
    params.lat = lat
    params.lng = lng
  }
  if (storePage > 1) params.storePage = storePage
  if (category) params.category = category
  if (deliveryType) params.deliveryType = deliveryType
  if (openNow) params.openNow = 'true'
  if (sort !== 'relevance') params.sort = sort
  return params
}

/**
 * GET /search?q&lat&lng&page&storePage&category&deliveryType&openNow&sort: products and shops
 * that match, among the shops that serve the point (issue 25). Like the nearby lists it needs the
 * point; without it this fails with the spec's message before any request.
 * Typed, not parsed: a catalogue list like /products and /stores (decision 034: the results page
 * can be a first page, which loads no zod).
 */
export async function getSearch(params: SearchParams): Promise<SearchResult> {
  if (typeof params.lat !== 'number' || typeof params.lng !== 'number') {
    throw new Error(LOCATION_REQUIRED.products)
  }
  const response = await http.get<SearchResult>('/search', { params: searchRequestParams(params) })
  return response.data
}

export function getSearchQueryOptions(params: SearchParams) {
  return queryOptions({
    queryKey: searchKeys.results(searchRequestParams(params)),
    queryFn: () => getSearch(params),
    // Another page or filter keeps the previous answer on screen, dimmed, until the new one comes.
    placeholderData: keepPreviousData,
  })
}

export function useSearch(params: SearchParams, { enabled = true } = {}) {
  return useQuery({ ...getSearchQueryOptions(params), enabled: enabled && params.q.trim() !== '' })
}
