import { haversineKm } from '../../lib/service-cells.ts'
import type { CellCandidates } from './catalog.cache.ts'
import { keepNearest, rankServing, tileOf, type Ranked, type Tile } from './catalog.nearby.ts'
import type { Point } from './catalog.repository.ts'

/**
 * Ranking tiles (decision 066): 0.002° × 0.002° (about 220 × 185 m in Buenos Aires). A finer tile
 * leaves fewer border stores to measure per request but takes more tiles to warm a barrio.
 */
export const RANK_TILES_PER_DEGREE = 500
/** The largest k a tile's answer covers (the products list's 100 stores); beyond it, the cell. */
export const RANK_TILE_K = 100
/** Rounding room when a bound decides without measuring (1 mm). */
const EPS_KM = 1e-6

/**
 * What a tile precomputes once for every point inside it, with d a candidate's distance to the
 * tile's centre and h the tile's half diagonal (so a point p of the tile is δ ≤ h from the centre
 * and, by the triangle inequality, d − δ ≤ dist(p) ≤ d + δ):
 * - `whole`: how many candidates serve every point of the tile (d + h ≤ radius), never measured;
 * - the border (|radius − d| < h): by slack s = radius − d, ascending. At a point δ from the centre,
 *   s ≥ δ serves and s < −δ does not without measuring; only −δ ≤ s < δ is measured;
 * - `near`: the candidates that can be among the RANK_TILE_K nearest serving ones of some point of
 *   the tile (tileScope's bound), by d ascending, so a short page stops scanning early.
 */
export type TileRank = {
  tile: Tile
  whole: number
  borderSlack: Float64Array
  border: Int32Array
  nearKm: Float64Array
  near: Int32Array
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
    border: Int32Array.from(border),
    nearKm: Float64Array.from(near, (i) => d[i]!),
    near: Int32Array.from(near),
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
 * offset leaves undecided and the near ones until the k-th is certain.
 */
export function rankInTile(c: CellCandidates, rank: TileRank, p: Point, k: number): Ranked {
  const delta = haversineKm(rank.tile.lat, rank.tile.lng, p.lat, p.lng)
  if (delta > rank.tile.halfDiagKm || k > RANK_TILE_K) return rankServing(c, p, k)
  const { borderSlack, border } = rank
  // Slack ≥ δ + EPS serves for sure; below −δ − EPS it does not; measure in between.
  const from = lowerBound(borderSlack, -delta - EPS_KM)
  const sure = lowerBound(borderSlack, delta + EPS_KM)
  let total = rank.whole + (border.length - sure)
  for (let j = from; j < sure; j++) {
    const i = border[j]!
    if (haversineKm(p.lat, p.lng, c.lat[i]!, c.lng[i]!) <= c.serveKm[i]!) total++
  }
  const ids: string[] = []
  const distances: number[] = []
  if (k > 0) {
    const { near, nearKm } = rank
    for (let j = 0; j < near.length; j++) {
      // Every later candidate is at least nearKm − δ from the point: past the k-th, stop.
      if (ids.length === k && nearKm[j]! - delta - EPS_KM > distances[k - 1]!) break
      const i = near[j]!
      const dist = haversineKm(p.lat, p.lng, c.lat[i]!, c.lng[i]!)
      if (dist <= c.serveKm[i]!) keepNearest(ids, distances, k, c.ids[i]!, dist)
    }
  }
  return { total, ids, distances }
}

/** Tiles kept per cell's candidates: a 0.1° cell has 2,500; a barrio's customers use ~100-300. */
const MAX_TILES_PER_CELL = 1024

/**
 * The tile ranks of each cell's candidates. Kept beside the candidates object they were built
 * from (a WeakMap), so they go when the cell's candidates are reloaded or dropped; the catalogue
 * cache keeps the same object across a reload that read the same rows.
 */
export function createTileRanks() {
  const byCells = new WeakMap<CellCandidates, Map<string, TileRank>>()
  let hits = 0
  let misses = 0
  return {
    /** The exact ranking of a point among its cell's candidates (rankServing's answer). */
    rank(c: CellCandidates, p: Point, k: number): Ranked {
      const tile = tileOf(p, RANK_TILES_PER_DEGREE)
      // Small cells rank faster than they tile; near the poles tiles do not bound distances.
      if (!tile || c.ids.length < 256 || k > RANK_TILE_K) return rankServing(c, p, k)
      let tiles = byCells.get(c)
      if (!tiles) byCells.set(c, (tiles = new Map()))
      let rank = tiles.get(tile.key)
      if (rank) hits++
      else {
        misses++
        rank = buildTileRank(c, tile)
        tiles.set(tile.key, rank)
        if (tiles.size > MAX_TILES_PER_CELL) tiles.delete(tiles.keys().next().value!)
      }
      return rankInTile(c, rank, p, k)
    },
    stats: () => ({ hits, misses }),
  }
}
export type TileRanks = ReturnType<typeof createTileRanks>
