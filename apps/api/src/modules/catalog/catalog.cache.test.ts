import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
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
    // Kept from its second answer on (`answeredOnce`).
    expect(String(await cache.answer('k', compute))).toBe('answer 1')
    expect(String(await cache.answer('k', compute))).toBe('answer 2')
    vi.setSystemTime(new Date('2026-11-30T19:59:59-03:00'))
    expect(String(await cache.answer('k', compute))).toBe('answer 2')
    vi.setSystemTime(new Date('2026-11-30T20:00:00-03:00'))
    expect(String(await cache.answer('k', compute))).toBe('answer 3')
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
    await cache.answer('k', compute)
    vi.setSystemTime(new Date('2026-11-30T10:00:59-03:00'))
    expect(String(await cache.answer('k', compute))).toBe('answer 2')
    vi.setSystemTime(new Date('2026-11-30T10:01:00-03:00'))
    expect(String(await cache.answer('k', compute))).toBe('answer 3')
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
    await cache.answer('k', ab)
    expect(String(await cache.answer('k', ab))).toBe('answer 2')
    cache.invalidate({ kind: 'products', storeId: 'c' })
    expect(String(await cache.answer('k', ab))).toBe('answer 2')
    cache.invalidate({ kind: 'store', storeId: 'b', geometry: false })
    expect(String(await cache.answer('k', ab))).toBe('answer 3')
    expect(String(await cache.answer('k', ab))).toBe('answer 3')
    cache.invalidate({ kind: 'products', storeId: 'a' })
    expect(String(await cache.answer('k', ab))).toBe('answer 4')
  })

  // At a new point per request most answers are never asked again: they are not kept.
  it('keeps an answer from the second time its key is answered', async () => {
    const cache = createCatalogCache({ ...CATALOG_CACHE_SIZES, ttlMs: 60_000 })
    let built = 0
    const compute = (key: string) => async () => {
      const stamp = cache.stamp()
      const body = Buffer.from(`${key} ${++built}`)
      cache.putAnswer(key, stamp, body, ['a'], null)
      return body
    }
    expect(String(await cache.answer('k', compute('k')))).toBe('k 1')
    expect(cache.size().answers).toBe(0)
    expect(String(await cache.answer('other', compute('other')))).toBe('other 2')
    expect(String(await cache.answer('k', compute('k')))).toBe('k 3')
    expect(String(await cache.answer('k', compute('k')))).toBe('k 3')
    expect(cache.size().answers).toBe(1)
  })

  it('an answer read before a change is not kept', async () => {
    const cache = createCatalogCache({ ...CATALOG_CACHE_SIZES, ttlMs: 60_000 })
    cache.putAnswer('k', cache.stamp(), Buffer.from('first'), ['a'], null) // answered once
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

// Where change events reach every process the TTL is a backstop: past it, a kept value answers
// while it is read again in the background, for `staleMs` at most (decision 066, second addendum).
describe('the grace past the TTL', () => {
  const options = { ...CATALOG_CACHE_SIZES, ttlMs: 60_000, staleMs: 60_000, rereadWindowMs: 10 }
  const start = new Date('2026-11-30T10:00:00-03:00').getTime()
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(start)
  })
  afterEach(() => {
    vi.useRealTimers()
  })
  /** A store-row loader that counts its calls and answers `row <n>` for each id asked. */
  function rowsLoader(found: (id: string) => boolean = () => true) {
    const calls: string[][] = []
    let release: (() => void) | null = null
    let gate: Promise<void> | null = null
    return {
      calls,
      hold() {
        gate = new Promise<void>((resolve) => (release = resolve))
      },
      release: () => release?.(),
      load: async (ids: string[]) => {
        calls.push(ids)
        const n = calls.length
        if (gate) await gate
        return new Map(ids.filter(found).map((id) => [id, `row ${n}`]))
      },
    }
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  /** Past the reread window (a timer set later for longer fires after the window's). */
  const windowPassed = () => new Promise((resolve) => setTimeout(resolve, 20))
  /** What `promise` gives if it does not wait for a held load; 'waited' if it does. */
  const atOnce = <T>(promise: Promise<T>) =>
    Promise.race([promise, settle().then(() => 'waited' as const)])

  it('past the TTL a row answers at once and is read again once, in the background', async () => {
    const cache = createCatalogCache(options)
    const rows = rowsLoader()
    expect((await cache.storeRows(['a', 'b'], rows.load)).get('a')).toBe('row 1')
    vi.setSystemTime(start + 61_000)
    rows.hold()
    // Two requests past the TTL: both get the kept row without waiting; one reread for both.
    const first = await atOnce(cache.storeRows(['a', 'b'], rows.load))
    expect(first !== 'waited' && first.get('a')).toBe('row 1')
    const second = await atOnce(cache.storeRows(['a'], rows.load))
    expect(second !== 'waited' && second.get('a')).toBe('row 1')
    await windowPassed()
    expect(rows.calls).toEqual([
      ['a', 'b'],
      ['a', 'b'],
    ])
    rows.release()
    await settle()
    expect((await cache.storeRows(['a', 'b'], rows.load)).get('b')).toBe('row 2')
    expect(rows.calls).toHaveLength(2)
    expect(cache.stats().find((s) => s.cache === 'storeRows')).toMatchObject({ stale: 3 })
  })

  it('rows met past their TTL by requests within the window are read again in one batch', async () => {
    const cache = createCatalogCache(options)
    const rows = rowsLoader()
    await cache.storeRows(['a', 'b', 'c', 'd'], rows.load)
    vi.setSystemTime(start + 61_000)
    // Three requests, each meeting its own stores past the TTL: none waits, nothing read yet.
    for (const ids of [['a'], ['b', 'c'], ['a', 'c']]) {
      const answer = await atOnce(cache.storeRows(ids, rows.load))
      expect(answer !== 'waited' && answer.get(ids[0]!)).toBe('row 1')
    }
    expect(rows.calls).toHaveLength(1)
    await windowPassed()
    expect(rows.calls).toEqual([
      ['a', 'b', 'c', 'd'],
      ['a', 'b', 'c'],
    ])
    await settle()
    expect((await cache.storeRows(['c'], rows.load)).get('c')).toBe('row 2')
    expect((await cache.storeRows(['d'], rows.load)).get('d')).toBe('row 1')
  })

  it('past the grace the row is read before answering, as without one', async () => {
    const cache = createCatalogCache(options)
    const rows = rowsLoader()
    await cache.storeRows(['a'], rows.load)
    vi.setSystemTime(start + 120_000)
    expect((await cache.storeRows(['a'], rows.load)).get('a')).toBe('row 2')
  })

  it('without a grace a row past its TTL is read before answering', async () => {
    const cache = createCatalogCache({ ...options, staleMs: 0 })
    const rows = rowsLoader()
    await cache.storeRows(['a'], rows.load)
    vi.setSystemTime(start + 60_000)
    expect((await cache.storeRows(['a'], rows.load)).get('a')).toBe('row 2')
  })

  it('a store the reread no longer finds is gone from the next answer', async () => {
    const cache = createCatalogCache(options)
    let hidden = false
    const rows = rowsLoader((id) => !(hidden && id === 'b'))
    await cache.storeRows(['a', 'b'], rows.load)
    hidden = true
    vi.setSystemTime(start + 61_000)
    expect([...(await cache.storeRows(['a', 'b'], rows.load)).keys()]).toEqual(['a', 'b'])
    await windowPassed()
    expect([...(await cache.storeRows(['a', 'b'], rows.load)).keys()]).toEqual(['a'])
  })

  it('a reread that started before a change does not keep what it read', async () => {
    const cache = createCatalogCache(options)
    const rows = rowsLoader()
    await cache.storeRows(['a'], rows.load)
    vi.setSystemTime(start + 61_000)
    rows.hold()
    expect(await atOnce(cache.storeRows(['a'], rows.load))).not.toBe('waited')
    await windowPassed()
    expect(rows.calls).toHaveLength(2)
    cache.invalidate({ kind: 'store', storeId: 'a', geometry: false })
    rows.release()
    await settle()
    // The change dropped the row and the reread did not put its old read back.
    expect((await cache.storeRows(['a'], rows.load)).get('a')).toBe('row 3')
  })

  it('a failed reread leaves nothing old behind: the next request reads it itself', async () => {
    const cache = createCatalogCache(options)
    let fail = false
    const load = async (ids: string[]) => {
      if (fail) throw new Error('database down')
      return new Map(ids.map((id) => [id, 'row']))
    }
    await cache.storeRows(['a'], load)
    vi.setSystemTime(start + 61_000)
    fail = true
    expect((await cache.storeRows(['a'], load)).get('a')).toBe('row')
    await windowPassed()
    await expect(cache.storeRows(['a'], load)).rejects.toThrow('database down')
  })

  it('a cell’s candidates answer past the TTL; an answer kept until a closing minute does not', async () => {
    const cache = createCatalogCache(options)
    const stores = () => ({
      ids: ['s1'],
      lat: new Float64Array(1),
      lng: new Float64Array(1),
      serveKm: new Float64Array(1),
    })
    let reads = 0
    let gate: Promise<void> | null = null
    let release = () => {}
    const load = async () => {
      reads++
      if (gate) await gate
      return stores()
    }
    const first = await cache.candidates(7, load)
    vi.setSystemTime(start + 61_000)
    gate = new Promise<void>((resolve) => (release = resolve))
    // A cell past its TTL: the kept candidates answer, read again once in the background, and
    // the same rows keep the same object.
    expect(await atOnce(cache.candidates(7, load))).toBe(first)
    expect(await atOnce(cache.candidates(7, load))).toBe(first)
    release()
    await settle()
    expect(await cache.candidates(7, load)).toBe(first)
    expect(reads).toBe(2)
    // An answer kept until a closing minute is not served past it.
    cache.putAnswer('k', cache.stamp(), Buffer.from('open'), ['s1'], start + 62_000)
    vi.setSystemTime(start + 62_000)
    expect(String(await cache.answer('k', async () => Buffer.from('closed')))).toBe('closed')
  })

  it('a search area and its matches answer past the TTL while computed again', async () => {
    const cache = createCatalogCache(options)
    const stores = (ids: string[]) => ({
      ids,
      lat: new Float64Array(ids.length),
      lng: new Float64Array(ids.length),
      serveKm: new Float64Array(ids.length),
    })
    let computed = 0
    const compute = async () => {
      computed++
      return stores(['s1', 's2'])
    }
    const area = await cache.area('t', compute)
    let loads = 0
    const load = async () => ++loads
    expect(await cache.areaEntry(area, 'match|pan', load)).toBe(1)
    vi.setSystemTime(start + 61_000)
    expect(await atOnce(cache.area('t', compute))).toBe(area)
    expect(await atOnce(cache.areaEntry(area, 'match|pan', load))).toBe(1)
    await settle()
    // Computed again with the same stores: the same area, and its matches read again once.
    expect(computed).toBe(2)
    expect(await cache.area('t', compute)).toBe(area)
    expect(await cache.areaEntry(area, 'match|pan', load)).toBe(2)
    expect(loads).toBe(2)
  })
})
