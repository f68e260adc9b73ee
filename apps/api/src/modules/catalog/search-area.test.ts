import { describe, expect, test } from 'vitest'
import type { CellCandidates } from './catalog.cache.ts'
import { rankServing, tileOf, tileScope } from './catalog.nearby.ts'
import { seededRandom as seeded } from '../../seed/images.ts'

/** `n` shops scattered `spread` degrees around a centre, radii between 0.3 and `maxKm` km. */
function shops(random: () => number, n: number, spread: number, maxKm: number): CellCandidates {
  const ids = Array.from({ length: n }, (_, i) => `s${String(i).padStart(6, '0')}`)
  return {
    ids,
    lat: Float64Array.from(ids, () => -34.6 + (random() - 0.5) * spread),
    lng: Float64Array.from(ids, () => -58.45 + (random() - 0.5) * spread),
    serveKm: Float64Array.from(ids, () => 0.3 + random() * (maxKm - 0.3)),
  }
}

// The search area of a tile (decision 046) must rank every point of the tile exactly as the whole
// cell does: same stores, same order, same distances, for the nearest k.
describe('search areas', () => {
  const cases = [
    { name: 'a dense barrio (most shops serve the whole tile)', n: 4000, spread: 0.06, maxKm: 10 },
    { name: 'a sparse area (fewer than k serve the whole tile)', n: 300, spread: 0.3, maxKm: 3 },
    {
      name: 'small radii (many shops serve only part of the tile)',
      n: 3000,
      spread: 0.05,
      maxKm: 1,
    },
  ]
  for (const c of cases) {
    test(c.name, () => {
      const random = seeded(20261129 + c.n)
      const all = shops(random, c.n, c.spread, c.maxKm)
      const k = 100
      let smaller = 0
      for (let i = 0; i < 300; i++) {
        const point = {
          lat: -34.6 + (random() - 0.5) * c.spread,
          lng: -58.45 + (random() - 0.5) * c.spread,
        }
        const tile = tileOf(point)!
        const area = tileScope(all, tile, k)
        if (area.ids.length < all.ids.length) smaller++
        const expected = rankServing(all, point, k)
        const actual = rankServing(area, point, k)
        expect(actual.ids).toEqual(expected.ids)
        expect(actual.distances).toEqual(expected.distances)
      }
      // The area is worth keeping only if it leaves shops out.
      expect(smaller).toBeGreaterThan(0)
    })
  }

  test('a point on a tile edge, and the corners of its tile, rank alike', () => {
    const all = shops(seeded(7), 2000, 0.04, 5)
    const tile = tileOf({ lat: -34.6, lng: -58.45 })!
    const area = tileScope(all, tile, 50)
    for (const point of [
      { lat: -34.6, lng: -58.45 },
      { lat: -34.59, lng: -58.44 },
      { lat: -34.599999999, lng: -58.449999999 },
    ]) {
      if (tileOf(point)!.key !== tile.key) continue
      expect(rankServing(area, point, 50).ids).toEqual(rankServing(all, point, 50).ids)
    }
  })
})
