import type { PlaceResult } from '@barrio/contracts/geo'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { getPlaceLookup } from '@/lib/maps/place-lookup'

/** Lookups start at two letters (the API refuses fewer). */
export const MIN_PLACE_QUERY_LENGTH = 2

/** "Find place from text": Google with a key, the API's gazetteer without one. */
export function findPlaces(input: string): Promise<PlaceResult[]> {
  return getPlaceLookup().findPlace(input.trim())
}

export function getFindPlacesQueryOptions(input: string) {
  const query = input.trim()
  return queryOptions({
    queryKey: ['places', 'find', query.toLowerCase()],
    queryFn: () => findPlaces(query),
    staleTime: 5 * 60_000,
  })
}

export function useFindPlaces(input: string) {
  const query = input.trim()
  return useQuery({
    ...getFindPlacesQueryOptions(query),
    enabled: query.length >= MIN_PLACE_QUERY_LENGTH,
    placeholderData: keepPreviousData,
  })
}
