import type { GeoPoint } from '@barrio/contracts/geo'
import type { QueryClient } from '@tanstack/react-query'

import { takeEarlyHome } from '@/api/customer/catalog/early-home'
import {
  getNearbyProducts,
  getNearbyProductsQueryOptions,
} from '@/api/customer/catalog/get-products'
import { getNearbyStores, getStoresQueryOptions } from '@/api/customer/catalog/get-stores'

/** How many nearby shops the home page shows before "Ver todos los comercios". */
export const HOME_STORE_COUNT = 6

/** The two lists the home page shows near a point (page 1 of products unless told otherwise). */
export function homeQueries({ lat, lng }: GeoPoint, productPage = 1) {
  // Only the coordinates: whatever else the caller's point carries must not reach the query keys
  // (a remembered point also holds its address line).
  return {
    stores: getStoresQueryOptions({ near: { lat, lng }, limit: HOME_STORE_COUNT }),
    products: getNearbyProductsQueryOptions({ lat, lng, page: productPage }),
  }
}

/**
 * Starts both requests before the page exists (app start, in parallel with the session check), so
 * the home page finds them on the way or done when it renders.
 */
export function prefetchHomeQueries(queryClient: QueryClient, point: GeoPoint) {
  const { stores, products } = homeQueries(point)
  // index.html may have asked already (early-home.ts): its answers fill the cache, a failed one
  // falls back to asking here.
  const early = takeEarlyHome(point, HOME_STORE_COUNT)
  void queryClient.prefetchQuery(
    early ? { ...stores, queryFn: async () => (await early.stores) ?? fetchStores(point) } : stores,
  )
  void queryClient.prefetchQuery(
    early
      ? { ...products, queryFn: async () => (await early.products) ?? fetchProducts(point) }
      : products,
  )
}

const fetchStores = ({ lat, lng }: GeoPoint) =>
  getNearbyStores({ lat, lng, page: 1, limit: HOME_STORE_COUNT })
const fetchProducts = ({ lat, lng }: GeoPoint) => getNearbyProducts({ lat, lng, page: 1 })
