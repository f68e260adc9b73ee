import { PAGE_SIZES } from './constants.ts'

// No zod here: the search results page and the header's search box (first pages) read these,
// and a module with schemas would bring zod into their bundles (decisions 020, 034). search.ts
// re-exports them beside its schemas.

/** Longest search text, in characters after trimming. */
export const SEARCH_MAX_LENGTH = 100
/** Suggestions start at this many letters (the web waits for them too). */
export const SUGGEST_MIN_LENGTH = 2
/** At most this many suggestions. */
export const SUGGEST_LIMIT = 8
/** Results page sizes: products like the nearby list, shops like the shop list. */
export const SEARCH_PAGE_SIZES = { products: PAGE_SIZES.productsNearby, stores: PAGE_SIZES.stores }

export const SEARCH_SORTS = ['relevance', 'distance', 'price'] as const
export type SearchSort = (typeof SEARCH_SORTS)[number]
export const SEARCH_SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Más relevantes',
  distance: 'Más cerca',
  price: 'Menor precio',
}
