import type { GeoPoint } from '@barrio/contracts/geo'
import type { Page } from '@barrio/contracts/pagination'
import type { Product } from '@barrio/contracts/products'
import type { Store } from '@barrio/contracts/stores'

/**
 * What index.html's inline script asked for before the JavaScript loaded: the home page's two lists
 * near the remembered point. Each answer is the API's JSON, or null when the request failed.
 */
export type EarlyHome = {
  lat: number
  lng: number
  storesLimit: number
  stores: Promise<Page<Store> | null>
  products: Promise<Page<Product> | null>
}

declare global {
  interface Window {
    __barrioHome?: EarlyHome
  }
}

/**
 * Takes the early answers once, when they were asked for exactly what the app would ask (the same
 * point and page size); a stale or different request is left alone and the app asks itself.
 */
export function takeEarlyHome(point: GeoPoint, storesLimit: number): EarlyHome | null {
  const early = window.__barrioHome
  delete window.__barrioHome
  if (!early) return null
  const matches =
    early.lat === point.lat && early.lng === point.lng && early.storesLimit === storesLimit
  return matches ? early : null
}
