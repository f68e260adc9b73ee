import type { SuggestResult } from '@barrio/contracts/search'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { searchKeys } from '@/api/customer/search/search-keys'
import { SUGGEST_MIN_LENGTH } from '@/api/customer/search/search-limits'
import { http } from '@/lib/http/client'

export type SuggestParams = {
  q: string
  lat?: number | null
  lng?: number | null
}

function suggestRequestParams({ q, lat, lng }: SuggestParams): Record<string, string | number> {
  return {
    q: q.trim(),
    ...(typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : {}),
  }
}

/**
 * GET /search/suggest?q&lat&lng: up to 8 products, shops and categories near the point that
 * match what is being typed (issue 25).
 * Typed, not parsed: the header's search box is on every first page, which loads no zod
 * (decisions 020 and 034).
 */
export async function getSuggestions(
  params: SuggestParams,
  signal?: AbortSignal,
): Promise<SuggestResult> {
  const response = await http.get<SuggestResult>('/search/suggest', {
    params: suggestRequestParams(params),
    signal,
  })
  return response.data
}

export function getSuggestionsQueryOptions(params: SuggestParams) {
  return queryOptions({
    queryKey: searchKeys.suggestions(suggestRequestParams(params)),
    queryFn: ({ signal }) => getSuggestions(params, signal),
    // The last suggestions stay while the next ones come: the list does not blink at each letter.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  })
}

/**
 * Suggestions for `q` near the point: asked only with a point and at least SUGGEST_MIN_LENGTH
 * characters (the caller debounces `q`).
 */
export function useSuggestions(params: SuggestParams, { enabled = true } = {}) {
  const hasPoint = typeof params.lat === 'number' && typeof params.lng === 'number'
  return useQuery({
    ...getSuggestionsQueryOptions(params),
    enabled: enabled && hasPoint && params.q.trim().length >= SUGGEST_MIN_LENGTH,
  })
}
