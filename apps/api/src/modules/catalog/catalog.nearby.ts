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
    if (k > 0) keepNearest(ids, distances, k, c.ids[i]!, d)
  }
  return { total, ids, distances }
}

/**
 * Keeps the `k` nearest seen so far in `ids`/`distances`, sorted by (distance, id): inserts the
 * store when it is among them (binary search for its place), dropping the farthest past k.
 */
export function keepNearest(ids: string[], distances: number[], k: number, id: string, d: number) {
  if (ids.length === k) {
    const worst = distances[k - 1]!
    if (d > worst || (d === worst && id > ids[k - 1]!)) return
  }
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

/** Search areas are tiles of 0.01° × 0.01° (about 1.1 × 0.9 km in Buenos Aires). */
const TILES_PER_DEGREE = 100
/** Beyond it a tile's corners no longer bound its distances well: search uses the whole cell. */
const TILE_MAX_LAT = 80
/** Slack for rounding: a point's floor() may put it a hair outside its tile. */
const TILE_SLACK_KM = 1e-6

export type Tile = { key: string; lat: number; lng: number; halfDiagKm: number }

/**
 * The tile of a point: its centre and the farthest any of its points is from it. Search areas use
 * 0.01° tiles; the nearby ranking finer ones (tile-rank.ts).
 */
export function tileOf(p: Point, perDegree = TILES_PER_DEGREE): Tile | null {
  if (Math.abs(p.lat) > TILE_MAX_LAT) return null
  const la = Math.floor(p.lat * perDegree)
  const lo = Math.floor(p.lng * perDegree)
  const south = la / perDegree
  const north = (la + 1) / perDegree
  const west = lo / perDegree
  const east = (lo + 1) / perDegree
  const lat = (south + north) / 2
  const lng = (west + east) / 2
  const halfDiagKm =
    Math.max(
      haversineKm(lat, lng, south, west),
      haversineKm(lat, lng, south, east),
      haversineKm(lat, lng, north, west),
      haversineKm(lat, lng, north, east),
    ) + TILE_SLACK_KM
  return { key: `${la}:${lo}`, lat, lng, halfDiagKm }
}

/**
 * The candidates that can be among the `k` nearest serving stores of some point of the tile
 * (decision 046), so that `rankServing(tileScope(c, t, k), p, k)` equals `rankServing(c, p, k)`
 * for every point p of the tile. With h the tile's half diagonal and d a store's distance from the
 * tile's centre: a store serves no point of the tile when d − h exceeds its radius; when at least
 * k stores serve all of it (d + h ≤ radius), D being the k-th smallest of their d, every point has
 * k serving stores within D + h, so its k nearest are within D + 2h of the centre.
 */
export function tileScope(c: CellCandidates, t: Tile, k: number): CellCandidates {
  const n = c.ids.length
  const h = t.halfDiagKm
  const d = new Float64Array(n)
  const wholeTile: number[] = []
  for (let i = 0; i < n; i++) {
    d[i] = haversineKm(t.lat, t.lng, c.lat[i]!, c.lng[i]!)
    if (d[i]! + h <= c.serveKm[i]!) wholeTile.push(d[i]!)
  }
  let reach = Infinity
  if (wholeTile.length >= k && k > 0) {
    const sorted = Float64Array.from(wholeTile).sort()
    reach = sorted[k - 1]! + 2 * h
  }
  const keep: number[] = []
  for (let i = 0; i < n; i++) if (d[i]! - h <= c.serveKm[i]! && d[i]! <= reach) keep.push(i)
  return {
    ids: keep.map((i) => c.ids[i]!),
    lat: Float64Array.from(keep, (i) => c.lat[i]!),
    lng: Float64Array.from(keep, (i) => c.lng[i]!),
    serveKm: Float64Array.from(keep, (i) => c.serveKm[i]!),
  }
}
