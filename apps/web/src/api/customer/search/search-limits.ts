/**
 * The contract's suggestion limits (`@barrio/contracts/search`), repeated here without zod: the
 * header's search box is on every first page, which loads no zod (decision 020).
 * `search-limits.test.ts` proves they equal the contract's.
 */
/** Suggestions start at this many letters. */
export const SUGGEST_MIN_LENGTH = 2
/** At most this many suggestions. */
export const SUGGEST_LIMIT = 8
/** The user stops typing this long before suggestions are asked for (spec section 9's debounce). */
export const SUGGEST_DEBOUNCE_MS = 250
