import type { Page } from '@barrio/contracts/pagination'
import type { Product } from '@barrio/contracts/products'
import { LOCATION_REQUIRED } from '@barrio/contracts/constants'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { http } from '@/lib/http/client'

export type ProductListParams = {
  page?: number
  /** The API's defaults apply when absent: 9 near a point, 10 otherwise (spec section 9). */
  limit?: number
  lat?: number
  lng?: number
  q?: string
  /** Shop id or handle. */
  shopId?: string
  /** Collection id, or handle together with shopId. */
  collection?: string
}

function cleanParams(params: ProductListParams): Record<string, string | number> {
  const result: Record<string, string | number> = {}
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue
    if (typeof value === 'string' && value.trim() === '') continue
    result[key] = typeof value === 'string' ? value.trim() : value
  }
  return result
}

/**
 * GET /products?page&limit&lat&lng&q&shopId&collection.
 * Typed, not parsed: a catalogue list (decision 034: no zod on the first page).
 */
export async function getProducts(params: ProductListParams = {}): Promise<Page<Product>> {
  const response = await http.get<Page<Product>>('/products', {
    params: cleanParams({ page: 1, ...params }),
  })
  return response.data
}

/**
 * Products near a point (spec section 5): latitude and longitude are required; the caller passes
 * the selected address. Without them this fails with the spec's message before any request.
 */
export async function getNearbyProducts({
  lat,
  lng,
  ...rest
}: Omit<ProductListParams, 'lat' | 'lng'> & {
  lat?: number | null
  lng?: number | null
}): Promise<Page<Product>> {
  if (typeof lat !== 'number' || typeof lng !== 'number') {
    throw new Error(LOCATION_REQUIRED.products)
  }
  return getProducts({ ...rest, lat, lng })
}

export function getProductsQueryOptions(params: ProductListParams = {}) {
  return queryOptions({
    queryKey: ['products', 'list', cleanParams({ page: 1, ...params })],
    queryFn: () => getProducts(params),
    placeholderData: keepPreviousData,
  })
}

export function useProducts(params: ProductListParams = {}, { enabled = true } = {}) {
  return useQuery({ ...getProductsQueryOptions(params), enabled })
}

export function getNearbyProductsQueryOptions(
  params: Omit<ProductListParams, 'lat' | 'lng'> & { lat?: number | null; lng?: number | null },
) {
  return queryOptions({
    queryKey: ['products', 'nearby', cleanParams({ page: 1, ...params } as ProductListParams)],
    queryFn: () => getNearbyProducts(params),
    placeholderData: keepPreviousData,
  })
}

export function useNearbyProducts(
  params: Omit<ProductListParams, 'lat' | 'lng'> & { lat?: number | null; lng?: number | null },
  { enabled = true } = {},
) {
  return useQuery({ ...getNearbyProductsQueryOptions(params), enabled })
}
