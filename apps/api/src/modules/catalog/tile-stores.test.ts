import { afterEach, describe, expect, it, vi } from 'vitest'
import { seededRandom } from '../../seed/images.ts'
import { CATALOG_CACHE_SIZES, createCatalogCache } from './catalog.cache.ts'
import type { CellCandidates } from './catalog.cache.ts'
import type { StoreRow } from './catalog.repository.ts'
import { createTileRanks } from './tile-rank.ts'
import { createTileStores } from './tile-stores.ts'

/** 400 shops around Palermo, all serving the point (radius 10 km): a tiled cell. */
function cell(): CellCandidates {
  const random = seededRandom(42)
  const ids = Array.from({ length: 400 }, (_, i) => `s${String(i).padStart(4, '0')}`)
  return {
    ids,
    lat: Float64Array.from(ids, () => -34.59 + (random() - 0.5) * 0.05),
    lng: Float64Array.from(ids, () => -58.43 + (random() - 0.5) * 0.05),
    serveKm: new Float64Array(ids.length).fill(10),
  }
}

/** A store row as the schedule reads it: open 09-20 every day when `hours`, else all day. */
function row(id: string, hours = false): StoreRow {
  const range: Array<[string, string]> = [['09:00', '20:00']]
  return {
    id,
    isOpen: true,
    status: 'active',
    locationPending: false,
    openingHours: hours
      ? Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, range]))
      : {},
    closures: [],
    openOnHolidays: true,
  } as unknown as StoreRow
}

/** The cache, a tile reader over loaders that count what they read, and a point's rank. */
function setup(hours: (id: string) => boolean = () => false) {
  const cache = createCatalogCache({ ...CATALOG_CACHE_SIZES, ttlMs: 60_000 })
  const reads = { rows: 0, counts: 0 }
  /** Stores asked of the per-store caches (kept or not). */
  const asked = { rows: 0, counts: 0 }
  const rows = new Map<string, StoreRow>()
  const counts = new Map<string, number>()
  /** Stores the database no longer shows (hidden, suspended). */
  const hidden = new Set<string>()
  const storeRows = (ids: readonly string[]) => {
    asked.rows += ids.length
    return cache.storeRows(ids, async (missing) => {
      reads.rows += missing.length
      const visible = missing.filter((id) => !hidden.has(id))
      return new Map(visible.map((id) => [id, rows.get(id) ?? row(id, hours(id))]))
    })
  }
  const storeCounts = (ids: readonly string[]) => {
    asked.counts += ids.length
    return cache.storeCounts(ids, async (missing) => {
      reads.counts += missing.length
      return new Map(missing.map((id) => [id, counts.get(id) ?? 3]))
    })
  }
  const tileStores = createTileStores({ cache, storeRows, storeCounts })
  const ranks = createTileRanks()
  const candidates = cell()
  const rankAt = (p: { lat: number; lng: number }) => {
    const at = ranks.rankAt(candidates, p, 100)
    expect(at.tile).not.toBeNull()
    return at
  }
  return { cache, reads, asked, rows, counts, hidden, tileStores, rankAt }
}

const point = { lat: -34.5885, lng: -58.4305 }
// Another point of the same 0.002° tile.
const neighbour = { lat: -34.5889, lng: -58.4309 }

// Decision 066's addendum: the stores of a tile are read once and then looked up by position,
// and every change that the per-store caches would show still shows on the next request.
describe('tile stores', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('a second point of the tile reads nothing; its answer is the same stores', async () => {
    const { reads, tileStores, rankAt } = setup()
    const a = rankAt(point)
    const first = await tileStores(a.tile!, a.positions, new Date(), true)
    expect(reads).toEqual({ rows: 100, counts: 100 })
    const b = rankAt(neighbour)
    expect(b.tile).toBe(a.tile)
    const second = await tileStores(b.tile!, b.positions, new Date(), true)
    expect(second).toBe(first)
    // Only the stores the neighbour has and the first point lacked were read.
    const added = b.positions.filter((j) => !a.positions.includes(j)).length
    expect(reads).toEqual({ rows: 100 + added, counts: 100 + added })
    for (const j of b.positions) expect(second!.rows[j]!.id).toBe(b.tile!.nearIds[j])
  })

  it('the shops list reads no counts; the products list reads them later', async () => {
    const { reads, tileStores, rankAt } = setup()
    const a = rankAt(point)
    const stores = await tileStores(a.tile!, a.positions.slice(0, 10), new Date(), false)
    expect(reads).toEqual({ rows: 10, counts: 0 })
    expect(stores!.counts[a.positions[0]!]).toBe(-1)
    const products = await tileStores(a.tile!, a.positions, new Date(), true)
    expect(reads).toEqual({ rows: 100, counts: 100 })
    expect(products!.counts[a.positions[0]!]).toBe(3)
  })

  it('a change of one of its stores is read again; a change of another store is not', async () => {
    const { cache, reads, counts, tileStores, rankAt } = setup()
    const a = rankAt(point)
    await tileStores(a.tile!, a.positions, new Date(), true)
    const outside = 'not-in-this-tile'
    cache.invalidate({ kind: 'products', storeId: outside })
    await tileStores(a.tile!, a.positions, new Date(), true)
    expect(reads).toEqual({ rows: 100, counts: 100 })
    const changed = a.tile!.nearIds[a.positions[5]!]!
    counts.set(changed, 7)
    cache.invalidate({ kind: 'products', storeId: changed })
    const after = await tileStores(a.tile!, a.positions, new Date(), true)
    expect(after!.counts[a.positions[5]!]).toBe(7)
    // The tile's stores were read again through the per-store caches: only the changed one's
    // count came from the database.
    expect(reads).toEqual({ rows: 100, counts: 101 })
  })

  it('a store hidden since it was read is gone on the next request', async () => {
    const { cache, hidden, tileStores, rankAt } = setup()
    const a = rankAt(point)
    const before = await tileStores(a.tile!, a.positions, new Date(), false)
    const id = a.tile!.nearIds[a.positions[0]!]!
    expect(before!.rows[a.positions[0]!]!.id).toBe(id)
    hidden.add(id)
    cache.invalidate({ kind: 'store', storeId: id, geometry: false })
    const after = await tileStores(a.tile!, a.positions, new Date(), false)
    expect(after!.rows[a.positions[0]!]).toBeNull()
    expect(after!.rows[a.positions[1]!]!.id).toBe(a.tile!.nearIds[a.positions[1]!])
  })

  it('they expire when one of the stores opens or closes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-30T19:59:30-03:00'))
    const { reads, asked, tileStores, rankAt } = setup((id) => id === 's0007')
    const a = rankAt(point)
    const before = await tileStores(a.tile!, a.positions, new Date(), false)
    const j = a.tile!.nearIds.indexOf('s0007')
    expect(a.positions).toContain(j)
    expect(before!.open[j]).toBe(1)
    expect(before!.until).toBe(new Date('2026-11-30T20:00:00-03:00').getTime())
    const others = a.positions.filter((k) => k !== j).map((k) => before!.rows[k])
    vi.setSystemTime(new Date('2026-11-30T20:00:00-03:00'))
    const after = await tileStores(a.tile!, a.positions, new Date(), false)
    expect(after!.open[j]).toBe(0)
    expect(after!.until).toBeGreaterThan(Date.now())
    // Only that store was looked up again, and its row was still kept: nothing was read from the
    // database; the other stores are the rows read before.
    expect(asked.rows).toBe(101)
    expect(reads.rows).toBe(100)
    expect(a.positions.filter((k) => k !== j).map((k) => after!.rows[k])).toEqual(others)
  })

  it('stores past their TTL are read again one by one, not the whole tile', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-30T12:00:00-03:00'))
    const { reads, asked, rows, tileStores, rankAt } = setup()
    const a = rankAt(point)
    await tileStores(a.tile!, a.positions.slice(0, 50), new Date(), false)
    vi.setSystemTime(new Date('2026-11-30T12:00:30-03:00'))
    const later = a.positions.slice(50)
    await tileStores(a.tile!, later, new Date(), false)
    expect(reads.rows).toBe(100)
    // The first 50 expire (a TTL of 60 s, no grace); a changed name shows on the next request.
    const first = a.tile!.nearIds[a.positions[0]!]!
    rows.set(first, { ...row(first), name: 'Almacén Nuevo' } as StoreRow)
    vi.setSystemTime(new Date('2026-11-30T12:01:00-03:00'))
    const after = await tileStores(a.tile!, a.positions, new Date(), false)
    expect(after!.rows[a.positions[0]!]!.name).toBe('Almacén Nuevo')
    // Only the expired 50 were asked again (and read, the cache having dropped them).
    expect(asked.rows).toBe(150)
    expect(reads.rows).toBe(150)
    for (const j of a.positions) expect(after!.rows[j]!.id).toBe(a.tile!.nearIds[j])
    expect(after!.until).toBe(new Date('2026-11-30T12:01:30-03:00').getTime())
  })

  it('a change while the stores are being read gives no tile answer (the caller reads them itself)', async () => {
    const { cache, tileStores, rankAt } = setup()
    const a = rankAt(point)
    const reading = tileStores(a.tile!, a.positions, new Date(), true)
    cache.invalidate({ kind: 'products', storeId: a.tile!.nearIds[a.positions[0]!]! })
    expect(await reading).toBeNull()
  })
})
