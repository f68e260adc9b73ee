import type { StoreCategory } from '@barrio/contracts/common'
import { STORE_CATEGORY_LABELS } from '@barrio/contracts/store-categories'
import { DELIVERY_TYPES, type DeliveryType } from '@barrio/contracts/enum-values'
import { SEARCH_SORTS, type SearchSort } from '@barrio/contracts/search-values'

/** What the results page shows, as its URL says (`/search?q&category&deliveryType&openNow&sort&page&storePage`). */
export type SearchState = {
  q: string
  category: StoreCategory | null
  deliveryType: DeliveryType | null
  openNow: boolean
  sort: SearchSort
  /** The products section's page. */
  page: number
  /** The shops section's page. */
  storePage: number
}

export type SearchFilters = Pick<SearchState, 'category' | 'deliveryType' | 'openNow' | 'sort'>

function pageFrom(value: string | null): number {
  const page = Number(value)
  return Number.isInteger(page) && page > 0 ? page : 1
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null
}

/** Reads the page's state from its search params; anything unknown falls back to the default. */
export function searchStateFrom(params: URLSearchParams): SearchState {
  return {
    q: (params.get('q') ?? '').trim(),
    category: oneOf(Object.keys(STORE_CATEGORY_LABELS) as StoreCategory[], params.get('category')),
    deliveryType: oneOf(DELIVERY_TYPES, params.get('deliveryType')),
    openNow: params.get('openNow') === 'true',
    sort: oneOf(SEARCH_SORTS, params.get('sort')) ?? 'relevance',
    page: pageFrom(params.get('page')),
    storePage: pageFrom(params.get('storePage')),
  }
}

/**
 * The search params for a state: only what differs from the defaults, in a fixed order, so a
 * link and the page's own changes read the same.
 */
export function searchParamsFrom(state: SearchState): URLSearchParams {
  const params = new URLSearchParams({ q: state.q })
  if (state.category) params.set('category', state.category)
  if (state.deliveryType) params.set('deliveryType', state.deliveryType)
  if (state.openNow) params.set('openNow', 'true')
  if (state.sort !== 'relevance') params.set('sort', state.sort)
  if (state.page > 1) params.set('page', String(state.page))
  if (state.storePage > 1) params.set('storePage', String(state.storePage))
  return params
}
