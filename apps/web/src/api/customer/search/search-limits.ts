/** The contract's suggestion limits, from its zod-free module (the search box is on every page). */
export { SUGGEST_LIMIT, SUGGEST_MIN_LENGTH } from '@barrio/contracts/search-values'
/** The user stops typing this long before suggestions are asked for (spec section 9's debounce). */
export const SUGGEST_DEBOUNCE_MS = 250
