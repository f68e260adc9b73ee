import type { PlaceResult } from '@barrio/contracts/geo'
import { queryOptions } from '@tanstack/react-query'

import { getPlaceLookup } from '@/lib/maps/place-lookup'

/** "Place details" by place_id. */
export function getPlaceDetails(placeId: string): Promise<PlaceResult> {
  return getPlaceLookup().getPlaceDetails(placeId)
}

export function getPlaceDetailsQueryOptions(placeId: string) {
  return queryOptions({
    queryKey: ['places', 'details', placeId],
    queryFn: () => getPlaceDetails(placeId),
    staleTime: 60 * 60_000,
  })
}
