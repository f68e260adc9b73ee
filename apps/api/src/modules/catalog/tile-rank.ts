import { EARTH_KM, haversineKm } from '../../lib/service-cells.ts'
import type { CellCandidates } from './catalog.cache.ts'
import { rankServing, tileOf, type Ranked, type Tile } from './catalog.nearby.ts'
import type { Point } from './catalog.repository.ts'
import { trimOldest } from '../../lib/bounded-keys.ts'

/**
 * Ranking tiles (decision 066): 0.002° × 0.002° (about 220 × 185 m in Buenos Aires). A finer tile
 * leaves fewer border stores to measure per request but takes more tiles to warm a barrio.
 */
export const RANK_TILES_PER_DEGREE = 500
/** The largest k a tile's answer covers (the products list's 100 stores); beyond it, the cell. */
export const RANK_TILE_K = 100
/** Rounding room when a bound decides without measuring (1 mm). */
const EPS_KM = 1e-6
const RAD = Math.PI / 180

/**
 * The candidates a tile measures, copied out of the cell in the order they are scanned (decision
 * 066's addendum): a request reads them front to back instead of jumping through the cell's
 * ~15,000 rows, and each carries its cos(latitude) so a distance costs two sines.
 */
type Scanned = {
  lat: Float64Array
  lng: Float64Array
  cosLat: Float64Array
  serveKm: Float64Array
  /**
   * The haversine term `a` at exactly the radius, sin²(radius / 2R): a point whose `a` is clearly
   * below it is served and clearly above it is not, without the arcsine (A_MARGIN decides "clearly").
   */
  serveA: Float64Array
}

/** Relative room around `serveA` within which the distance itself is computed and compared. */
const A_MARGIN = 1e-9

function scanned(c: CellCandidates, order: readonly number[]): Scanned {
  return {
    lat: Float64Array.from(order, (i) => c.lat[i]!),
    lng: Float64Array.from(order, (i) => c.lng[i]!),
    cosLat: Float64Array.from(order, (i) => Math.cos(c.lat[i]! * RAD)),
    serveKm: Float64Array.from(order, (i) => c.serveKm[i]!),
    serveA: Float64Array.from(order, (i) => Math.sin(c.serveKm[i]! / (2 * EARTH_KM)) ** 2),
  }
}

/**
 * haversineKm's term `a` (before the arcsine, a monotone stand-in for the distance) with
 * cos(lat1 · RAD) and cos(lat2 · RAD) given.
 */
function haversineA(
  lat1: number,
  lng1: number,
  cos1: number,
  lat2: number,
  lng2: number,
  cos2: number,
) {
  const dLat = Math.sin(((lat2 - lat1) * RAD) / 2)
  const dLng = Math.sin(((lng2 - lng1) * RAD) / 2)
  return dLat * dLat + cos1 * cos2 * dLng * dLng
}

/**
 * The distance of a haversine term: with haversineA's term, haversineKm's result to the last bit
 * (the same operations in the same order; the exactness tests compare).
 */
function kmOfTerm(a: number) {
  return 2 * EARTH_KM * Math.asin(Math.sqrt(Math.min(1, a)))
}

/**
 * What a tile precomputes once for every point inside it, with d a candidate's distance to the
 * tile's centre and h the tile's half diagonal (so a point p of the tile is δ ≤ h from the centre
 * and, by the triangle inequality, d − δ ≤ dist(p) ≤ d + δ):
 * - `whole`: how many candidates serve every point of the tile (d + h ≤ radius), never measured;
 * - the border (|radius − d| < h): by slack s = radius − d, ascending. At a point δ from the centre,
 *   s ≥ δ serves and s < −δ does not without measuring; only −δ ≤ s < δ is measured;
 * - `near`: the candidates that can be among the RANK_TILE_K nearest serving ones of some point of
 *   the tile (tileScope's bound), by d ascending, so a short page stops scanning early.
 * Positions in `near` (0 … near.length − 1) name its stores for per-tile memos (`nearIds`).
 */
export type TileRank = {
  tile: Tile
  whole: number
  borderSlack: Float64Array
  border: Scanned
  nearKm: Float64Array
  near: Scanned
  nearIds: string[]
}

export function buildTileRank(c: CellCandidates, tile: Tile): TileRank {
  const n = c.ids.length
  const h = tile.halfDiagKm
  const d = new Float64Array(n)
  const wholeKm: number[] = []
  const border: number[] = []
  for (let i = 0; i < n; i++) {
    d[i] = haversineKm(tile.lat, tile.lng, c.lat[i]!, c.lng[i]!)
    const slack = c.serveKm[i]! - d[i]!
    if (slack >= h + EPS_KM) wholeKm.push(d[i]!)
    else if (slack >= -h - EPS_KM) border.push(i)
  }
  let reach = Infinity
  if (wholeKm.length >= RANK_TILE_K) {
    const sorted = Float64Array.from(wholeKm).sort()
    reach = sorted[RANK_TILE_K - 1]! + 2 * h + EPS_KM
  }
  const near: number[] = []
  for (let i = 0; i < n; i++) {
    if (c.serveKm[i]! - d[i]! >= -h - EPS_KM && d[i]! <= reach) near.push(i)
  }
  near.sort((a, b) => d[a]! - d[b]!)
  border.sort((a, b) => c.serveKm[a]! - d[a]! - (c.serveKm[b]! - d[b]!))
  return {
    tile,
    whole: wholeKm.length,
    borderSlack: Float64Array.from(border, (i) => c.serveKm[i]! - d[i]!),
    border: scanned(c, border),
    nearKm: Float64Array.from(near, (i) => d[i]!),
    near: scanned(c, near),
    nearIds: near.map((i) => c.ids[i]!),
  }
}

/** The first index of an ascending array whose value is ≥ x. */
function lowerBound(sorted: Float64Array, x: number) {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (sorted[mid]! < x) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * rankServing(c, p, k) for a point of the tile, from its precomputed rank: the same total, ids and
 * distances (the exactness tests compare both), measuring only the border stores the point's
 * offset leaves undecided and the near ones until the k-th is certain. With `positions`, the
 * answer's stores are also given as positions in the tile's `near` (null when the point is
 * ranked over the whole cell instead).
 */
export function rankInTile(
  c: CellCandidates,
  rank: TileRank,
  p: Point,
  k: number,
  positions?: number[],
): Ranked {
  const delta = haversineKm(rank.tile.lat, rank.tile.lng, p.lat, p.lng)
  if (delta > rank.tile.halfDiagKm || k > RANK_TILE_K) {
    if (positions) positions.length = 0
    return rankServing(c, p, k)
  }
  const cosP = Math.cos(p.lat * RAD)
  const { borderSlack, border } = rank
  // Slack ≥ δ + EPS serves for sure; below −δ − EPS it does not; measure in between.
  const from = lowerBound(borderSlack, -delta - EPS_KM)
  const sure = lowerBound(borderSlack, delta + EPS_KM)
  let total = rank.whole + (borderSlack.length - sure)
  for (let j = from; j < sure; j++) {
    const a = haversineA(p.lat, p.lng, cosP, border.lat[j]!, border.lng[j]!, border.cosLat[j]!)
    const edge = border.serveA[j]!
    if (a < edge * (1 - A_MARGIN)) total++
    else if (a <= edge * (1 + A_MARGIN)) {
      if (kmOfTerm(a) <= border.serveKm[j]!) total++
    }
  }
  const ids: string[] = []
  const distances: number[] = []
  const at: number[] = positions ?? []
  at.length = 0
  if (k > 0) {
    const { near, nearKm } = rank
    const n = nearKm.length
    for (let j = 0; j < n; j++) {
      // Every later candidate is at least nearKm − δ from the point: past the k-th, stop.
      if (at.length === k && nearKm[j]! - delta - EPS_KM > distances[k - 1]!) break
      const dist = kmOfTerm(
        haversineA(p.lat, p.lng, cosP, near.lat[j]!, near.lng[j]!, near.cosLat[j]!),
      )
      if (dist <= near.serveKm[j]!) keepNearestAt(at, distances, k, rank.nearIds, j, dist)
    }
    for (const j of at) ids.push(rank.nearIds[j]!)
  }
  return { total, ids, distances }
}

/**
 * keepNearest over positions in `names` (ties by the name, as the cell ranking breaks them): the
 * `k` nearest so far in `at`/`distances`, sorted by (distance, name).
 */
function keepNearestAt(
  at: number[],
  distances: number[],
  k: number,
  names: readonly string[],
  j: number,
  d: number,
) {
  const id = names[j]!
  if (at.length === k) {
    const worst = distances[k - 1]!
    if (d > worst || (d === worst && id > names[at[k - 1]!]!)) return
  }
  let lo = at.length
  // Candidates come by distance from the tile's centre, so the new one is usually near the end.
  while (lo > 0) {
    const md = distances[lo - 1]!
    if (md < d || (md === d && names[at[lo - 1]!]! < id)) break
    lo--
  }
  // Shift the farther ones up by hand: splice allocates the (empty) array it returns.
  let m = at.length
  if (m < k) {
    at.push(j)
    distances.push(d)
  } else m--
  for (; m > lo; m--) {
    at[m] = at[m - 1]!
    distances[m] = distances[m - 1]!
  }
  at[lo] = j
  distances[lo] = d
}

/**
 * Tile ranks kept in the whole process: a barrio's customers use ~100-300 tiles of their cell; each
 * rank holds ~20 KB at 100,000 shops (its border and near candidates copied in scan order).
 */
const MAX_TILES = 4096
/** Small cells rank faster than they tile. */
const MIN_TILED_CANDIDATES = 256

/**
 * The tile ranks of the cells' candidates, by candidates object and tile. Candidates reloaded with
 * other rows are a new object and rank anew (the old ranks age out); the catalogue cache keeps the
 * same object across a reload that read the same rows, so their ranks survive it.
 */
export function createTileRanks() {
  const byTile = new Map<string, TileRank>()
  /** A number per candidates object: the cell's and a search area's rank the same tile apart. */
  const sourceIds = new WeakMap<CellCandidates, number>()
  let sources = 0
  let hits = 0
  let misses = 0

  /** The tile rank for a point among `c`, or null when the cell is ranked whole. */
  function tileRank(c: CellCandidates, p: Point, k: number): TileRank | null {
    if (c.ids.length < MIN_TILED_CANDIDATES || k > RANK_TILE_K) return null
    const tile = tileOf(p, RANK_TILES_PER_DEGREE)
    if (!tile) return null
    let source = sourceIds.get(c)
    if (source === undefined) sourceIds.set(c, (source = ++sources))
    const key = `${source}|${tile.key}`
    let rank = byTile.get(key)
    if (rank) {
      hits++
      // Most recently used last: the first key is the one to drop.
      byTile.delete(key)
      byTile.set(key, rank)
      return rank
    }
    misses++
    rank = buildTileRank(c, tile)
    byTile.set(key, rank)
    trimOldest(byTile, MAX_TILES)
    return rank
  }

  return {
    /** The exact ranking of a point among its cell's candidates (rankServing's answer). */
    rank(c: CellCandidates, p: Point, k: number): Ranked {
      const rank = tileRank(c, p, k)
      return rank ? rankInTile(c, rank, p, k) : rankServing(c, p, k)
    },
    /**
     * The same ranking, with the tile it came from and the answer's positions in its `near` (for
     * per-tile memos); `tile` is null (and `positions` empty) when the cell was ranked whole.
     */
    rankAt(c: CellCandidates, p: Point, k: number) {
      const rank = tileRank(c, p, k)
      const positions: number[] = []
      if (!rank) return { ranked: rankServing(c, p, k), tile: null, positions }
      const ranked = rankInTile(c, rank, p, k, positions)
      return { ranked, tile: positions.length === ranked.ids.length ? rank : null, positions }
    },
    stats: () => ({ hits, misses }),
  }
}
export type TileRanks = ReturnType<typeof createTileRanks>
