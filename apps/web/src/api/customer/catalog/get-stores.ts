import type { GeoPoint } from '@barrio/contracts/geo'
import { LOCATION_REQUIRED, PAGE_SIZES } from '@barrio/contracts/constants'
import type { Page } from '@barrio/contracts/pagination'
import type { ProvinceCode } from '@barrio/contracts/provinces'
import type { Store } from '@barrio/contracts/stores'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { http } from '@/lib/http/client'

export type StoreListParams = {
  page?: number
  limit?: number
  /** Nearest first, with distanceKm, when given. */
  near?: GeoPoint | null
  /** Only the shops that ship to this province (issue 30), nearest first from `near`. */
  shipsTo?: ProvinceCode | null
}

/**
 * GET /stores?page&limit[&lat&lng][&shipsTo] (defaults 1 and 10, spec section 7).
 * Typed, not parsed: a catalogue list (decision 034: no zod on the first page).
 */
export async function getStores({
  page = 1,
  limit = PAGE_SIZES.stores,
  near,
  shipsTo,
}: StoreListParams = {}): Promise<Page<Store>> {
  const response = await http.get<Page<Store>>('/stores', {
    params: {
      page,
      limit,
      ...(near ? { lat: near.lat, lng: near.lng } : {}),
      ...(shipsTo ? { shipsTo } : {}),
    },
  })
  return response.data
}

/**
 * Spec section 5: the location flavour needs latitude and longitude (the caller passes the
 * selected address); without them it fails before any request.
 */
export async function getNearbyStores({
  lat,
  lng,
  page,
  limit,
}: {
  lat?: number | null
  lng?: number | null
  page?: number
  limit?: number
}): Promise<Page<Store>> {
  if (typeof lat !== 'number' || typeof lng !== 'number') {
    throw new Error(LOCATION_REQUIRED.stores)
  }
  return getStores({ page, limit, near: { lat, lng } })
}

export function getStoresQueryOptions(params: StoreListParams = {}) {
  const { page = 1, limit = PAGE_SIZES.stores, near = null, shipsTo = null } = params
  return queryOptions({
    queryKey: [
      'stores',
      'list',
      {
        page,
        limit,
        lat: near?.lat ?? null,
        lng: near?.lng ?? null,
        ...(shipsTo ? { shipsTo } : {}),
      },
    ],
    queryFn: () =>
      shipsTo
        ? getStores({ page, limit, near, shipsTo })
        : near
          ? getNearbyStores({ ...near, page, limit })
          : getStores({ page, limit }),
    placeholderData: keepPreviousData,
  })
}

export function useStores(params: StoreListParams = {}, { enabled = true } = {}) {
  return useQuery({ ...getStoresQueryOptions(params), enabled })
}
