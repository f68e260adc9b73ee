import type { ProductMatch, ProductSort, StoreMatch, SuggestionMatch } from './search.repository.ts'

/**
 * The engine's order, applied per point to the matches of an area (decision 046): the same order
 * as `search.repository`'s `products` and `stores` statements (and, for the search box, one
 * product per title from the nearest store), so an answer built from a cached area equals the one
 * the database would give for the point's own stores.
 * `positionOf` maps each store serving the point (after the filters) to its place, nearest first;
 * matches of other stores are dropped.
 */
export type Positions = ReadonlyMap<string, number>

/** An exact SKU first, then ts_rank (title > tags > description). */
const byRelevance = (a: ProductMatch, b: ProductMatch) =>
  Number(b.sku) - Number(a.sku) || b.rank - a.rank

function byPrice(a: ProductMatch, b: ProductMatch) {
  if (a.price === b.price) return 0
  if (a.price === null) return 1
  if (b.price === null) return -1
  return a.price - b.price
}

/** One page of the matching products of the point's stores, and how many there are. */
export function rankProducts(
  matches: readonly ProductMatch[],
  positionOf: Positions,
  sort: ProductSort,
  page: number,
  limit: number,
): { ids: string[]; total: number } {
  const near = matches.filter((m) => positionOf.has(m.storeId))
  const position = (m: ProductMatch) => positionOf.get(m.storeId)!
  const byPosition = (a: ProductMatch, b: ProductMatch) => position(a) - position(b)
  const compare =
    sort === 'distance'
      ? (a: ProductMatch, b: ProductMatch) => byPosition(a, b) || byRelevance(a, b)
      : sort === 'price'
        ? (a: ProductMatch, b: ProductMatch) =>
            byPrice(a, b) || byRelevance(a, b) || byPosition(a, b)
        : (a: ProductMatch, b: ProductMatch) => byRelevance(a, b) || byPosition(a, b)
  near.sort((a, b) => compare(a, b) || a.titleOrder - b.titleOrder)
  const from = (page - 1) * limit
  return { ids: near.slice(from, from + limit).map((m) => m.id), total: near.length }
}

/** The matching stores among the point's, best first (ts_rank, then nearest, then id). */
export function rankStores(matches: readonly StoreMatch[], positionOf: Positions): string[] {
  return matches
    .filter((m) => positionOf.has(m.id))
    .sort(
      (a, b) =>
        b.rank - a.rank ||
        positionOf.get(a.id)! - positionOf.get(b.id)! ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )
    .map((m) => m.id)
}

/**
 * The search box's products: one per title (case folded), from the nearest store that sells it,
 * best first (ts_rank, then nearest, then title).
 */
export function rankSuggestions(
  matches: readonly SuggestionMatch[],
  positionOf: Positions,
  limit: number,
): SuggestionMatch[] {
  const nearestOfTitle = new Map<string, SuggestionMatch>()
  for (const m of matches) {
    const position = positionOf.get(m.storeId)
    if (position === undefined) continue
    const key = m.title.toLowerCase()
    const kept = nearestOfTitle.get(key)
    if (
      !kept ||
      position < positionOf.get(kept.storeId)! ||
      (position === positionOf.get(kept.storeId)! && m.titleOrder < kept.titleOrder)
    )
      nearestOfTitle.set(key, m)
  }
  return [...nearestOfTitle.values()]
    .sort(
      (a, b) =>
        b.rank - a.rank ||
        positionOf.get(a.storeId)! - positionOf.get(b.storeId)! ||
        a.titleOrder - b.titleOrder,
    )
    .slice(0, limit)
}
