import { describe, expect, test } from 'vitest'
import { haversineKm } from '../../lib/service-cells.ts'
import type { CellCandidates } from './catalog.cache.ts'
import { rankServing, tileOf } from './catalog.nearby.ts'
import { seededRandom as seeded } from '../../seed/images.ts'
import { RANK_TILES_PER_DEGREE, buildTileRank, createTileRanks, rankInTile } from './tile-rank.ts'

/** `n` shops scattered `spread` degrees around a centre, radii between `minKm` and `maxKm` km. */
function shops(
  random: () => number,
  n: number,
  spread: number,
  minKm: number,
  maxKm: number,
): CellCandidates {
  const ids = Array.from({ length: n }, (_, i) => `s${String(i).padStart(6, '0')}`)
  return {
    ids,
    lat: Float64Array.from(ids, () => -34.6 + (random() - 0.5) * spread),
    lng: Float64Array.from(ids, () => -58.45 + (random() - 0.5) * spread),
    serveKm: Float64Array.from(ids, () => minKm + random() * (maxKm - minKm)),
  }
}

// A tile's precomputed rank (decision 066) must answer every point of the tile exactly as ranking
// the whole cell does: the same count of serving shops, the same nearest k, in the same order,
// at the same distances.
describe('tile ranks', () => {
  const cases = [
    {
      name: 'a dense barrio (most shops serve the whole tile)',
      n: 4000,
      spread: 0.06,
      min: 2,
      max: 7,
    },
    {
      name: 'a sparse area (fewer than 100 serve the whole tile)',
      n: 400,
      spread: 0.3,
      min: 0.3,
      max: 3,
    },
    { name: 'small radii (many shops on the border)', n: 3000, spread: 0.02, min: 0.1, max: 0.6 },
  ]
  for (const c of cases) {
    test(c.name, () => {
      const random = seeded(20261130 + c.n)
      const all = shops(random, c.n, c.spread, c.min, c.max)
      const ranks = createTileRanks()
      let served = 0
      for (let i = 0; i < 400; i++) {
        const point = {
          lat: -34.6 + (random() - 0.5) * c.spread * 0.8,
          lng: -58.45 + (random() - 0.5) * c.spread * 0.8,
        }
        for (const k of [0, 1, 10, 20, 100, 150]) {
          const expected = rankServing(all, point, k)
          expect(ranks.rank(all, point, k)).toEqual(expected)
          served += expected.total
        }
      }
      expect(served).toBeGreaterThan(0)
      // Points fell in shared tiles: most answers came from a kept rank, not a new one.
      expect(ranks.stats().hits).toBeGreaterThan(0)
    })
  }

  test('points on a tile’s corners and edges, shops exactly at the edge of their radius', () => {
    const random = seeded(7)
    const all = shops(random, 2000, 0.04, 1, 4)
    const step = 1 / RANK_TILES_PER_DEGREE
    const south = Math.floor(-34.6 * RANK_TILES_PER_DEGREE) / RANK_TILES_PER_DEGREE
    const west = Math.floor(-58.45 * RANK_TILES_PER_DEGREE) / RANK_TILES_PER_DEGREE
    const points = [
      { lat: south, lng: west },
      { lat: south + step * 0.999999, lng: west + step * 0.999999 },
      { lat: south + step / 2, lng: west },
      { lat: south, lng: west + step / 2 },
    ]
    // A third of the shops reach exactly the first corner: distance equals radius.
    for (let i = 0; i < all.ids.length; i += 3) {
      all.serveKm[i] = haversineKm(points[0]!.lat, points[0]!.lng, all.lat[i]!, all.lng[i]!)
    }
    const ranks = createTileRanks()
    for (const point of points) {
      for (const k of [0, 10, 100]) {
        expect(ranks.rank(all, point, k)).toEqual(rankServing(all, point, k))
      }
    }
  })

  test('ties at the same distance are broken by id, as the cell ranking does', () => {
    const ids = Array.from({ length: 600 }, (_, i) => `t${String(599 - i).padStart(4, '0')}`)
    // Shops in pairs at the same spot: every pair ties, whatever the point.
    const lat = Float64Array.from(ids, (_, i) => -34.6 + (Math.floor(i / 2) % 17) * 0.001)
    const lng = Float64Array.from(ids, (_, i) => -58.45 + Math.floor(i / 34) * 0.001)
    const all: CellCandidates = { ids, lat, lng, serveKm: new Float64Array(600).fill(5) }
    const ranks = createTileRanks()
    const point = { lat: -34.5957, lng: -58.4421 }
    for (const k of [1, 9, 10, 55, 100]) {
      expect(ranks.rank(all, point, k)).toEqual(rankServing(all, point, k))
    }
  })

  test('a point outside the tile is ranked over the whole cell', () => {
    const all = shops(seeded(3), 500, 0.05, 1, 5)
    const inside = { lat: -34.6011, lng: -58.4511 }
    const rank = buildTileRank(all, tileOf(inside, RANK_TILES_PER_DEGREE)!)
    const far = { lat: -34.59, lng: -58.44 }
    expect(rankInTile(all, rank, far, 10)).toEqual(rankServing(all, far, 10))
  })
})
