import { afterEach, describe, expect, it, vi } from 'vitest'
import { CATALOG_CACHE_SIZES, createCatalogCache } from './catalog.cache.ts'

// Issue 26: an answer that says "open now" must not outlive the shop's closing minute, whatever
// the cache's TTL (60 s on the embedded database).
describe('cached answers and store time', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('an answer expires when one of its shops opens or closes, before its TTL', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-30T19:59:30-03:00'))
    const cache = createCatalogCache({ ...CATALOG_CACHE_SIZES, ttlMs: 60_000 })
    const closing = new Date('2026-11-30T20:00:00-03:00').getTime()
    let built = 0
    const compute = async () => {
      built++
      const body = Buffer.from(`answer ${built}`)
      cache.putAnswer('k', cache.stamp(), body, ['store'], closing)
      return body
    }
    expect(String(await cache.answer('k', compute))).toBe('answer 1')
    vi.setSystemTime(new Date('2026-11-30T19:59:59-03:00'))
    expect(String(await cache.answer('k', compute))).toBe('answer 1')
    vi.setSystemTime(new Date('2026-11-30T20:00:00-03:00'))
    expect(String(await cache.answer('k', compute))).toBe('answer 2')
  })

  it('without a change of any shop within the TTL, the TTL alone bounds it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-30T10:00:00-03:00'))
    const cache = createCatalogCache({ ...CATALOG_CACHE_SIZES, ttlMs: 60_000 })
    let built = 0
    const compute = async () => {
      const body = Buffer.from(`answer ${++built}`)
      cache.putAnswer('k', cache.stamp(), body, ['store'], null)
      return body
    }
    await cache.answer('k', compute)
    vi.setSystemTime(new Date('2026-11-30T10:00:59-03:00'))
    expect(String(await cache.answer('k', compute))).toBe('answer 1')
    vi.setSystemTime(new Date('2026-11-30T10:01:00-03:00'))
    expect(String(await cache.answer('k', compute))).toBe('answer 2')
  })
})

// Decision 066: an answer is checked when it is read, not unlinked from its stores when kept.
describe('cached answers and changes', () => {
  it('a change of one of its stores retires an answer; a change of another store does not', async () => {
    const cache = createCatalogCache({ ...CATALOG_CACHE_SIZES, ttlMs: 60_000 })
    let built = 0
    const compute = (stores: string[]) => async () => {
      const stamp = cache.stamp()
      const body = Buffer.from(`answer ${++built}`)
      cache.putAnswer('k', stamp, body, stores, null)
      return body
    }
    const ab = compute(['a', 'b'])
    expect(String(await cache.answer('k', ab))).toBe('answer 1')
    cache.invalidate({ kind: 'products', storeId: 'c' })
    expect(String(await cache.answer('k', ab))).toBe('answer 1')
    cache.invalidate({ kind: 'store', storeId: 'b', geometry: false })
    expect(String(await cache.answer('k', ab))).toBe('answer 2')
    expect(String(await cache.answer('k', ab))).toBe('answer 2')
    cache.invalidate({ kind: 'products', storeId: 'a' })
    expect(String(await cache.answer('k', ab))).toBe('answer 3')
  })

  it('an answer read before a change is not kept', async () => {
    const cache = createCatalogCache({ ...CATALOG_CACHE_SIZES, ttlMs: 60_000 })
    const stamp = cache.stamp()
    cache.invalidate({ kind: 'store', storeId: 'a', geometry: false })
    cache.putAnswer('k', stamp, Buffer.from('stale'), ['a'], null)
    const fresh = async () => Buffer.from('fresh')
    expect(String(await cache.answer('k', fresh))).toBe('fresh')
  })
})

// Decision 046: what a search area keeps lives until one of the area's stores changes.
describe('search areas', () => {
  const options = { ...CATALOG_CACHE_SIZES, ttlMs: 60_000 }
  const stores = (ids: string[]) => ({
    ids,
    lat: new Float64Array(ids.length),
    lng: new Float64Array(ids.length),
    serveKm: new Float64Array(ids.length),
  })

  it('keeps an entry until one of the area’s stores changes; other stores do not matter', async () => {
    const cache = createCatalogCache(options)
    const area = await cache.area('a', async () => stores(['s1', 's2']))
    expect(await cache.area('a', async () => stores([]))).toBe(area)
    let loads = 0
    const load = async () => ++loads
    expect(await cache.areaEntry(area, 'match|pan', load)).toBe(1)
    expect(await cache.areaEntry(area, 'match|pan', load)).toBe(1)
    cache.invalidate({ kind: 'products', storeId: 'elsewhere' })
    expect(await cache.areaEntry(area, 'match|pan', load)).toBe(1)
    cache.invalidate({ kind: 'products', storeId: 's2' })
    expect(await cache.areaEntry(area, 'match|pan', load)).toBe(2)
    cache.invalidate({ kind: 'store', storeId: 's1', geometry: false })
    expect(await cache.areaEntry(area, 'match|pan', load)).toBe(3)
  })

  it('does not keep what was read while a store of the area changed', async () => {
    const cache = createCatalogCache(options)
    const area = await cache.area('a', async () => stores(['s1']))
    let release!: () => void
    const slow = cache.areaEntry(area, 'match|pan', async () => {
      await new Promise<void>((resolve) => (release = resolve))
      return 'old'
    })
    cache.invalidate({ kind: 'products', storeId: 's1' })
    release()
    expect(await slow).toBe('old')
    expect(await cache.areaEntry(area, 'match|pan', async () => 'new')).toBe('new')
  })

  it('a change of any store’s place drops every area', async () => {
    const cache = createCatalogCache(options)
    const area = await cache.area('a', async () => stores(['s1']))
    cache.invalidate({ kind: 'store', storeId: 'new', geometry: true })
    const again = await cache.area('a', async () => stores(['s1', 'new']))
    expect(again).not.toBe(area)
    expect(again.stores.ids).toEqual(['s1', 'new'])
  })

  it('tiles with the same stores share their area and what it keeps', async () => {
    const cache = createCatalogCache(options)
    const a = await cache.area('tile-a', async () => stores(['s1', 's2']))
    const b = await cache.area('tile-b', async () => stores(['s2', 's1']))
    const c = await cache.area('tile-c', async () => stores(['s1', 's3']))
    expect(b).toBe(a)
    expect(c).not.toBe(a)
    let loads = 0
    const load = async () => ++loads
    await cache.areaEntry(a, 'match|pan', load)
    expect(await cache.areaEntry(b, 'match|pan', load)).toBe(1)
    expect(await cache.areaEntry(c, 'match|pan', load)).toBe(2)
    // A change of s3 retires c's answers only; of s1, both areas'.
    cache.invalidate({ kind: 'products', storeId: 's3' })
    expect(await cache.areaEntry(b, 'match|pan', load)).toBe(1)
    cache.invalidate({ kind: 'products', storeId: 's1' })
    expect(await cache.areaEntry(b, 'match|pan', load)).toBe(3)
    expect(cache.size()).toMatchObject({ areas: 2, tiles: 3 })
  })
})
