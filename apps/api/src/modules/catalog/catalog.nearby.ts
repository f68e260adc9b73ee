import { haversineKm } from '../../lib/service-cells.ts'
import type { CellCandidates } from './catalog.cache.ts'
import type { Point } from './catalog.repository.ts'

export type Ranked = {
  /** How many candidates serve the point (exact: totalDocs of the nearby shop list). */
  total: number
  /** The first `k` serving stores, nearest first, ties by id. */
  ids: string[]
  distances: number[]
}

/**
 * The exact nearby rule over one cell's candidates (docs/decisions/006, 020): a store serves the
 * point when the haversine distance is within its serving radius. Counts every serving store and
 * keeps the `k` nearest (ties by id) in a sorted array, so one pass ranks a dense cell without
 * sorting all of it.
 */
export function rankServing(c: CellCandidates, p: Point, k: number): Ranked {
  const ids: string[] = []
  const distances: number[] = []
  let total = 0
  const n = c.ids.length
  for (let i = 0; i < n; i++) {
    const d = haversineKm(p.lat, p.lng, c.lat[i]!, c.lng[i]!)
    if (!(d <= c.serveKm[i]!)) continue
    total++
    if (k <= 0) continue
    const id = c.ids[i]!
    if (ids.length === k) {
      const worst = distances[k - 1]!
      if (d > worst || (d === worst && id > ids[k - 1]!)) continue
    }
    // Binary search for the insertion point in (distance, id) order.
    let lo = 0
    let hi = ids.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      const md = distances[mid]!
      if (md < d || (md === d && ids[mid]! < id)) lo = mid + 1
      else hi = mid
    }
    ids.splice(lo, 0, id)
    distances.splice(lo, 0, d)
    if (ids.length > k) {
      ids.pop()
      distances.pop()
    }
  }
  return { total, ids, distances }
}
