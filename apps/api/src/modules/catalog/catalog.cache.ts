import { createHash } from 'node:crypto'
import { trimOldest } from '../../lib/bounded-keys.ts'
import type { CatalogChange } from '../../plugins/catalog-events.ts'

/** The stores that may serve the points of one grid cell (rows of store_service_cells). */
export type CellCandidates = {
  ids: string[]
  lat: Float64Array
  lng: Float64Array
  serveKm: Float64Array
}

export type CacheOptions = {
  /** How long an entry may be served without a change event (bounds staleness across processes). */
  ttlMs: number
  /**
   * How long past its TTL an entry may still answer while it is read again in the background
   * (0: none). Only where change events reach every process (the bus, or one embedded process):
   * there the TTL is a backstop, and the entries a busy process filled in the same seconds would
   * otherwise expire in the same second and send every request to the database at once.
   */
  staleMs?: number
  /**
   * How long per-store values found past their TTL wait to be read again together (default
   * REREAD_WINDOW_MS; the tests shorten it).
   */
  rereadWindowMs?: number
  /** Cells whose candidates are kept (~40 bytes per candidate). */
  maxCells: number
  /** Answers kept per exact point and page (serialized JSON). */
  maxAnswers: number
  /** Stores whose row (and, separately, first products) are kept. */
  maxStores: number
  /** Search areas (tiles) whose stores are kept, and search answers kept per area and text. */
  maxAreas: number
  maxAreaEntries: number
  /** Products kept as the lists show them (the pages of search answers). */
  maxProducts: number
}

/**
 * Per-store values past their TTL are read again in one batch per this window: a settled barrio's
 * ~6,500 stores expire one by one over the TTL, and each request read the one or two it met in a
 * batch of its own, ~400 statements a second (bench/README.md, search, twelfth pass).
 */
export const REREAD_WINDOW_MS = 100
/** A window's batch is read at once when it reaches this many stores. */
const REREAD_BATCH_MAX = 200

/**
 * A search area (decision 046): the stores that can serve a point of a tile among its nearest
 * (tiles with the same stores share one; `key` names the set). `version` moves when one of them
 * changes, which retires every answer kept for the area.
 */
export type SearchArea = { key: string; stores: CellCandidates; version: number }
type AreaEntry = { area: SearchArea; version: number; value: unknown }
/** A value that belongs to a store: it goes when the store changes. */
export type OfStore<V> = { storeId: string; value: V }

/** The sizes the server runs with (catalog.plugin.ts; the benchmarks use them too). */
export const CATALOG_CACHE_SIZES = {
  maxCells: 256,
  maxAnswers: 5000,
  maxStores: 20_000,
  maxAreas: 1024,
  maxAreaEntries: 10_000,
  maxProducts: 50_000,
} as const

/**
 * `expires`: the TTL, or the instant the value stops being true (`until`); `graceEnd`: until when
 * an expired value may still answer while it is read again (its `expires` when it has no grace:
 * a value bounded by `until` is wrong after it, not only old).
 */
type Entry<V> = { value: V; expires: number; graceEnd: number }

export type CatalogCacheStats = Array<{
  cache: string
  hits: number
  misses: number
  /** Of the hits, the ones answered past the TTL, within the grace, while read again. */
  stale: number
  entries: number
}>

/**
 * A Map used as an LRU: re-inserting moves a key to the end; the first key is the oldest. It may
 * hold a sixteenth more than `max` between trims (lib/bounded-keys.ts).
 */
class Lru<K, V> {
  readonly map = new Map<K, Entry<V>>()
  /** Lookups that found a live entry, and the ones that did not (metrics). */
  hits = 0
  misses = 0
  /** Of the hits, the ones answered past the TTL while the value was read again (metrics). */
  stale = 0
  constructor(
    private readonly max: number,
    private readonly ttlMs: number,
    private readonly onEvict?: (key: K, value: V) => void,
    private readonly staleMs = 0,
  ) {}
  /**
   * The live entry, or one past its TTL but within its grace (`expires <= now`: the caller reads
   * it again in the background); undefined (and an expired entry dropped) otherwise.
   */
  entry(key: K, now: number): Entry<V> | undefined {
    const entry = this.map.get(key)
    if (!entry) {
      this.misses++
      return undefined
    }
    if (entry.graceEnd <= now) {
      this.misses++
      this.delete(key)
      return undefined
    }
    this.hits++
    if (entry.expires <= now) this.stale++
    return entry
  }
  /** Whether a live entry is kept, without counting a lookup. */
  has(key: K, now: number) {
    const entry = this.map.get(key)
    return entry !== undefined && entry.expires > now
  }
  /** `until`: an instant the value stops being true before its TTL (a shop opening or closing). */
  set(key: K, value: V, until: number | null = null) {
    this.delete(key)
    const ttlEnd = Date.now() + this.ttlMs
    const expires = until === null ? ttlEnd : Math.min(ttlEnd, until)
    const graceEnd = expires === ttlEnd ? ttlEnd + this.staleMs : expires
    this.map.set(key, { value, expires, graceEnd })
    trimOldest(this.map, this.max, (oldest) => this.delete(oldest))
  }
  delete(key: K) {
    const entry = this.map.get(key)
    if (!entry) return
    this.map.delete(key)
    this.onEvict?.(key, entry.value)
  }
  clear() {
    for (const key of [...this.map.keys()]) this.delete(key)
  }
}

type Answer = { body: Buffer; storeIds: readonly string[]; stamp: number }

/**
 * The grace rule of one kept value (a cell's candidates, a tile's area, an area's matches): a live
 * one answers; one past its TTL (`lru.entry` gives it only within the grace) answers too, and the
 * first request that sees it starts `reload` in the background (none while one is `pending`).
 * Without a kept value, the pending reload or a new one answers. A failed background reload
 * `drop`s the kept value, so the next request reads it itself.
 */
function keptOrReload<T>(
  kept: { value: T; expires: number } | undefined,
  now: number,
  pending: Promise<T> | undefined,
  reload: () => Promise<T>,
  drop: () => void,
): T | Promise<T> {
  if (kept && (kept.expires > now || pending)) return kept.value
  if (!kept && pending) return pending
  const loading = reload()
  if (!kept) return loading
  loading.catch(drop)
  return kept.value
}

/** Whether two reads of a cell gave the same rows in the same order. */
function sameCandidates(a: CellCandidates, b: CellCandidates) {
  const n = a.ids.length
  if (b.ids.length !== n) return false
  for (let i = 0; i < n; i++) {
    if (
      a.ids[i] !== b.ids[i] ||
      a.lat[i] !== b.lat[i] ||
      a.lng[i] !== b.lng[i] ||
      a.serveKm[i] !== b.serveKm[i]
    )
      return false
  }
  return true
}

/**
 * The short-lived, in-process caches of the nearby reads (docs/decisions/024):
 * - per grid cell, its candidate stores (what every customer of that barrio shares);
 * - per store, its row, its count of active products and its first ones (shared by every point
 *   it serves);
 * - per exact point, page and size, the serialized answer (a customer paging or reloading, and the
 *   many requests of one home page).
 *
 * Invalidation is driven by CatalogChange events, synchronously, so the next request of this
 * process never sees a cached value from before a change: a geometry change clears everything; a
 * store change drops that store's row, and an answer that shows or ranks it is retired when it is
 * next read (it remembers when it was read); a products change drops its products and retires
 * those answers the same way. A load that started before a change never stores what it
 * read: loads take a `stamp()` first, and `fresh(stamp, storeIds)` says whether anything they
 * depend on changed since.
 */
export function createCatalogCache(options: CacheOptions) {
  const { ttlMs, staleMs = 0 } = options
  const cells = new Lru<number, CellCandidates>(options.maxCells, ttlMs, undefined, staleMs)
  // An exact point's answer has no grace: at a new point per request it is rarely read again.
  const answers = new Lru<string, Answer>(options.maxAnswers, ttlMs)
  /**
   * Points and pages answered once and not kept: an answer is kept when its key is answered a
   * second time (a customer back on the home page, a shared address). At a new point per request
   * keeping every answer cost more than it saved: a 5-12 KB buffer per request kept for a minute
   * and dropped unread, the major GC's work (bench/README.md, nearby, "a twelfth pass").
   */
  const answeredOnce = new Set<string>()
  const storeRows = new Lru<string, unknown>(options.maxStores, ttlMs, undefined, staleMs)
  const storeProducts = new Lru<string, unknown>(options.maxStores, ttlMs, undefined, staleMs)
  const storeCounts = new Lru<string, unknown>(options.maxStores, ttlMs, undefined, staleMs)
  /**
   * Search areas by their set of stores: tiles with the same stores (a small town, the demo's
   * barrio, a sparse suburb) share one area and what it keeps. `tiles` counts the tiles using it.
   */
  const areasBySet = new Map<string, { area: SearchArea; tiles: number }>()
  /** The areas each store belongs to, for retiring their answers when it changes. */
  const areasOfStore = new Map<string, Set<SearchArea>>()
  const release = (area: SearchArea) => {
    const shared = areasBySet.get(area.key)
    if (shared?.area !== area || --shared.tiles > 0) return
    areasBySet.delete(area.key)
    for (const id of area.stores.ids) {
      const set = areasOfStore.get(id)
      set?.delete(area)
      if (set?.size === 0) areasOfStore.delete(id)
    }
  }
  /** Each tile's area. */
  const areas = new Lru<string, SearchArea>(
    options.maxAreas,
    ttlMs,
    (_tile, area) => release(area),
    staleMs,
  )
  const areaEntries = new Lru<string, AreaEntry>(options.maxAreaEntries, ttlMs, undefined, staleMs)
  /** Products by id with their store, and the products kept per store (to drop them together). */
  const productsOfStore = new Map<string, Set<string>>()
  const products = new Lru<string, unknown>(
    options.maxProducts,
    ttlMs,
    (id, value) => {
      const { storeId } = value as OfStore<unknown>
      const set = productsOfStore.get(storeId)
      set?.delete(id)
      if (set?.size === 0) productsOfStore.delete(storeId)
    },
    staleMs,
  )
  const productsByIdLoading = new Map<string, Promise<OfStore<unknown> | undefined>>()
  const areasLoading = new Map<string, Promise<SearchArea>>()
  const areaEntriesLoading = new Map<string, Promise<unknown>>()
  const inFlight = new Map<number, Promise<CellCandidates>>()
  const rowsLoading = new Map<string, Promise<unknown>>()
  const productsLoading = new Map<string, Promise<unknown>>()
  const countsLoading = new Map<string, Promise<unknown>>()
  const answersComputing = new Map<string, Promise<Buffer | null>>()

  /** A counter of changes; the last change per store and the last clear, in its units. */
  let clock = 0
  let clearedAt = 0
  const changedAt = new Map<string, number>()

  const rereadWindowMs = options.rereadWindowMs ?? REREAD_WINDOW_MS
  type Rereads = {
    ids: Set<string>
    loading: Map<string, Promise<unknown>>
    load: (missing: string[]) => Promise<Map<string, unknown>>
    storeOf: (id: string, value: unknown) => string
    timer: ReturnType<typeof setTimeout> | null
  }
  /** Per cache, the stores past their TTL waiting for the window's batch (`rereadLater`). */
  const rereads = new Map<Lru<string, unknown>, Rereads>()

  /**
   * Reads these stores' values again in the background, with the others found past their TTL
   * within the window. Every caller's `load` reads the same values (the store's row, count or
   * first products), so the batch uses the last one given.
   */
  function rereadLater<V>(
    lru: Lru<string, unknown>,
    loading: Map<string, Promise<V | undefined>>,
    ids: string[],
    load: (missing: string[]) => Promise<Map<string, V>>,
    storeOf: (id: string, value: V) => string,
  ) {
    let queue = rereads.get(lru)
    if (!queue) {
      queue = {
        ids: new Set(),
        loading: loading as Rereads['loading'],
        load: load as Rereads['load'],
        storeOf: storeOf as Rereads['storeOf'],
        timer: null,
      }
      rereads.set(lru, queue)
    }
    queue.load = load as Rereads['load']
    queue.storeOf = storeOf as Rereads['storeOf']
    for (const id of ids) queue.ids.add(id)
    if (queue.ids.size >= REREAD_BATCH_MAX) flushRereads(lru, queue)
    else if (!queue.timer) {
      const due = queue
      queue.timer = setTimeout(() => flushRereads(lru, due), rereadWindowMs)
      queue.timer.unref?.()
    }
  }

  function flushRereads(lru: Lru<string, unknown>, queue: Rereads) {
    if (queue.timer) clearTimeout(queue.timer)
    queue.timer = null
    const now = Date.now()
    // Still kept past their TTL and not being read: a change dropped the others (the next request
    // reads them itself), or a request's own read got there first.
    const ids = [...queue.ids].filter((id) => {
      const entry = lru.map.get(id)
      return entry !== undefined && entry.expires <= now && !queue.loading.has(id)
    })
    queue.ids.clear()
    if (ids.length > 0)
      loadBatch(lru, queue.loading, ids, queue.load, queue.storeOf).catch(() => {})
  }

  function fresh(stamp: number, storeIds: Iterable<string>) {
    // Nothing changed at all since the stamp (the common case): no store to look up.
    if (clock === stamp) return true
    if (clearedAt > stamp) return false
    for (const id of storeIds) if ((changedAt.get(id) ?? 0) > stamp) return false
    return true
  }

  /**
   * Loads `ids` in one call, registered in `loading` (later requests wait for it instead of asking
   * again), and keeps what nothing changed meanwhile. An id the load did not find is dropped from
   * the cache (a kept value past its TTL was being read again: the store is gone or hidden).
   */
  function loadBatch<V>(
    lru: Lru<string, unknown>,
    loading: Map<string, Promise<V | undefined>>,
    ids: string[],
    load: (missing: string[]) => Promise<Map<string, V>>,
    storeOf: (id: string, value: V) => string,
  ): Promise<Map<string, V>> {
    const stamp = clock
    const batch = load(ids)
    const ones = new Map<string, Promise<V | undefined>>()
    for (const id of ids) {
      const one = batch.then((found) => found.get(id))
      one.catch(() => {})
      loading.set(id, one)
      ones.set(id, one)
    }
    // Only this batch's own registrations go (a change may have dropped one, another batch
    // replaced it).
    const settle = () => {
      for (const [id, one] of ones) if (loading.get(id) === one) loading.delete(id)
    }
    return batch.then(
      (found) => {
        for (const id of ids) {
          const value = found.get(id)
          if (value === undefined) lru.delete(id)
          else if (fresh(stamp, [storeOf(id, value)])) lru.set(id, value)
        }
        settle()
        return found
      },
      (error: unknown) => {
        // A failed reread leaves no old value behind: the next request reads it itself.
        const now = Date.now()
        for (const id of ids) {
          const kept = lru.map.get(id)
          if (kept && kept.expires <= now) lru.delete(id)
        }
        settle()
        throw error
      },
    )
  }

  /**
   * Per-store values (rows, products): the cached ones, the ones another request is loading, and
   * the rest loaded in one call. A value past its TTL but within its grace answers, and the ones
   * not already being read again are read in one call in the background.
   */
  async function perStore<V>(
    lru: Lru<string, unknown>,
    loading: Map<string, Promise<V | undefined>>,
    ids: readonly string[],
    load: (missing: string[]) => Promise<Map<string, V>>,
    /** The store a value depends on (per-store values: the key itself). */
    storeOf: (id: string, value: V) => string = (id) => id,
  ): Promise<Map<string, V>> {
    const now = Date.now()
    const out = new Map<string, V>()
    const missing: string[] = []
    let stale: string[] | null = null
    const waiting: Array<[string, Promise<V | undefined>]> = []
    for (const id of ids) {
      const hit = lru.entry(id, now)
      if (hit !== undefined) {
        out.set(id, hit.value as V)
        if (hit.expires <= now && !loading.has(id)) (stale ??= []).push(id)
      } else {
        const pending = loading.get(id)
        if (pending) waiting.push([id, pending])
        else missing.push(id)
      }
    }
    if (stale) rereadLater(lru, loading, stale, load, storeOf)
    if (missing.length > 0) {
      const found = await loadBatch(lru, loading, missing, load, storeOf)
      for (const [id, value] of found) out.set(id, value)
    }
    for (const [id, pending] of waiting) {
      const value = await pending
      if (value !== undefined) out.set(id, value)
    }
    return out
  }

  const named = {
    cells,
    answers,
    storeRows,
    storeProducts,
    storeCounts,
    areas,
    areaEntries,
    products,
  }

  return {
    /** Per cache: lookups that hit and missed since start, and the entries kept now (metrics). */
    stats: (): CatalogCacheStats =>
      Object.entries(named).map(([cache, lru]) => ({
        cache,
        hits: lru.hits,
        misses: lru.misses,
        stale: lru.stale,
        entries: lru.map.size,
      })),

    /** Take before reading anything an answer is built from; pass to `putAnswer`. */
    stamp: () => clock,

    /** How long an entry may be served without a change event. */
    ttlMs: options.ttlMs,

    /** Whether none of these stores changed (and nothing was cleared) since `stamp`. */
    unchangedSince: (stamp: number, storeIds: Iterable<string>) => fresh(stamp, storeIds),

    /**
     * Until when the kept rows and product counts of these stores may be served: their earliest
     * expiry (Infinity when none of them is kept: the caller bounds what it derived itself).
     */
    keptUntil(storeIds: Iterable<string>) {
      let until = Infinity
      for (const id of storeIds) {
        const row = storeRows.map.get(id)
        const count = storeCounts.map.get(id)
        if (row) until = Math.min(until, row.expires)
        if (count) until = Math.min(until, count.expires)
      }
      return until
    },

    /**
     * A cell's candidates, loading them once even when many requests ask at the same time (past
     * their TTL, within the grace: the kept ones, read again in the background).
     */
    async candidates(cell: number, load: (cell: number) => Promise<CellCandidates>) {
      // An expired entry is still worth comparing with: the same rows keep the same object, and
      // with it what was derived from it (tile-rank.ts).
      const previous = cells.map.get(cell)?.value
      const now = Date.now()
      const reload = () => {
        const stamp = clock
        const loading = load(cell)
          .then((value) =>
            previous && clearedAt <= stamp && sameCandidates(previous, value) ? previous : value,
          )
          .finally(() => {
            if (inFlight.get(cell) === loading) inFlight.delete(cell)
          })
        inFlight.set(cell, loading)
        return loading.then((value) => {
          if (clearedAt <= stamp) cells.set(cell, value)
          return value
        })
      }
      return keptOrReload(cells.entry(cell, now), now, inFlight.get(cell), reload, () =>
        cells.delete(cell),
      )
    },

    /**
     * A tile's search area, computed once even when many requests ask for it at the same time,
     * and shared with the tiles that have the same stores.
     */
    async area(tile: string, compute: () => Promise<CellCandidates>): Promise<SearchArea> {
      const now = Date.now()
      const reload = () => {
        const stamp = clock
        const loading = compute()
          .then((stores) => {
            const key = createHash('sha1')
              .update([...stores.ids].sort().join(','))
              .digest('base64')
            if (clearedAt > stamp) return { key, stores, version: 0 }
            let shared = areasBySet.get(key)
            if (!shared) {
              shared = { area: { key, stores, version: 0 }, tiles: 0 }
              areasBySet.set(key, shared)
              for (const id of stores.ids) {
                let set = areasOfStore.get(id)
                if (!set) areasOfStore.set(id, (set = new Set()))
                set.add(shared.area)
              }
            }
            shared.tiles++
            areas.set(tile, shared.area)
            return shared.area
          })
          .finally(() => {
            if (areasLoading.get(tile) === loading) areasLoading.delete(tile)
          })
        areasLoading.set(tile, loading)
        return loading
      }
      // Past its TTL the kept area answers while it is computed again (the same stores give the
      // same area back, and what it keeps stays).
      return keptOrReload(areas.entry(tile, now), now, areasLoading.get(tile), reload, () =>
        areas.delete(tile),
      )
    },

    /**
     * A value computed for an area (the matches of a text), kept until one of the area's stores
     * changes; loaded once even when many requests ask at the same time (past its TTL, within the
     * grace: the kept value, loaded again in the background).
     */
    async areaEntry<V>(area: SearchArea, name: string, load: () => Promise<V>): Promise<V> {
      const key = `${area.key}|${name}`
      const now = Date.now()
      const entry = areaEntries.entry(key, now)
      const kept =
        entry && entry.value.area === area && entry.value.version === area.version
          ? { value: entry.value.value as V, expires: entry.expires }
          : undefined
      const loadingKey = `${key}|${area.version}`
      const reload = () => {
        const version = area.version
        const loading = load()
          .then((value) => {
            if (area.version === version && areasBySet.get(area.key)?.area === area)
              areaEntries.set(key, { area, version, value })
            return value
          })
          .finally(() => {
            if (areaEntriesLoading.get(loadingKey) === loading)
              areaEntriesLoading.delete(loadingKey)
          })
        areaEntriesLoading.set(loadingKey, loading)
        return loading
      }
      const pending = areaEntriesLoading.get(loadingKey) as Promise<V> | undefined
      return keptOrReload(kept, now, pending, reload, () => areaEntries.delete(key))
    },

    /** Products by id as the lists show them (only the ones that exist come back). */
    async products<V>(
      ids: readonly string[],
      load: (missing: string[]) => Promise<Map<string, OfStore<V>>>,
    ): Promise<Map<string, OfStore<V>>> {
      const found = await perStore(
        products,
        productsByIdLoading as Map<string, Promise<OfStore<V> | undefined>>,
        ids,
        load,
        (_id, p) => p.storeId,
      )
      for (const [id, p] of found) {
        if (products.map.get(id)?.value !== p) continue
        let set = productsOfStore.get(p.storeId)
        if (!set) productsOfStore.set(p.storeId, (set = new Set()))
        set.add(id)
      }
      return found
    },

    /** Store rows by id (only the ones that exist come back). */
    storeRows<V>(ids: readonly string[], load: (missing: string[]) => Promise<Map<string, V>>) {
      return perStore(storeRows, rowsLoading as Map<string, Promise<V | undefined>>, ids, load)
    },

    /** How many active products each store has. */
    storeCounts(ids: readonly string[], load: (missing: string[]) => Promise<Map<string, number>>) {
      return perStore(
        storeCounts,
        countsLoading as Map<string, Promise<number | undefined>>,
        ids,
        load,
      )
    },

    /** Whether a store's first products are kept (a read for it would go to the database). */
    hasStoreProducts: (id: string) => storeProducts.has(id, Date.now()),

    /** Each store's first active products as the nearby list shows them. */
    storeProducts<V>(ids: readonly string[], load: (missing: string[]) => Promise<Map<string, V>>) {
      return perStore(
        storeProducts,
        productsLoading as Map<string, Promise<V | undefined>>,
        ids,
        load,
      )
    },

    /**
     * The cached answer for `key`, or the one another request is computing, or `compute()`'s
     * (which stores it with `putAnswer`). Null when `compute` gives up.
     */
    async answer(key: string, compute: () => Promise<Buffer | null>): Promise<Buffer | null> {
      // An answer is checked when it is read (a change to one of its stores since it was read
      // retires it) rather than unlinked from every store when it goes: at a new point per
      // request most answers are never read again.
      // No grace for answers (their entries end at their TTL or at a shop's opening or closing).
      const hit = answers.entry(key, Date.now())?.value
      if (hit && fresh(hit.stamp, hit.storeIds)) return hit.body
      // A kept answer that a change retired is kept again as soon as it is answered anew.
      if (hit) answeredOnce.add(key)
      const pending = answersComputing.get(key)
      if (pending) return pending
      const computing = compute().finally(() => {
        if (answersComputing.get(key) === computing) answersComputing.delete(key)
      })
      answersComputing.set(key, computing)
      return computing
    },

    /**
     * Keeps an answer read since `stamp`, unless something it depends on changed meanwhile; until
     * `validUntil` at the latest (when one of its shops opens or closes: issue 26). Only from the
     * second time its key is answered (`answeredOnce`).
     */
    putAnswer(
      key: string,
      stamp: number,
      body: Buffer,
      storeIds: readonly string[],
      validUntil: number | null = null,
    ) {
      if (!fresh(stamp, storeIds)) return
      if (!answeredOnce.delete(key)) {
        answeredOnce.add(key)
        trimOldest(answeredOnce, options.maxAnswers * 4)
        return
      }
      answers.set(key, { body, storeIds, stamp }, validUntil)
    },

    invalidate(change: CatalogChange) {
      clock++
      if (change.kind === 'store' && change.geometry) {
        clearedAt = clock
        changedAt.clear()
        cells.clear()
        inFlight.clear()
        rowsLoading.clear()
        productsLoading.clear()
        answersComputing.clear()
        answers.clear()
        answeredOnce.clear()
        storeRows.clear()
        storeProducts.clear()
        storeCounts.clear()
        countsLoading.clear()
        areas.clear()
        areasBySet.clear()
        areasOfStore.clear()
        areasLoading.clear()
        areaEntries.clear()
        areaEntriesLoading.clear()
        products.clear()
        productsByIdLoading.clear()
        return
      }
      for (const id of [...(productsOfStore.get(change.storeId) ?? [])]) {
        products.delete(id)
        productsByIdLoading.delete(id)
      }
      for (const area of areasOfStore.get(change.storeId) ?? []) area.version++
      changedAt.set(change.storeId, clock)
      rowsLoading.delete(change.storeId)
      productsLoading.delete(change.storeId)
      // An answer being computed may have read the old values: later requests compute their own.
      answersComputing.clear()
      if (change.kind === 'store') storeRows.delete(change.storeId)
      storeProducts.delete(change.storeId)
      storeCounts.delete(change.storeId)
      countsLoading.delete(change.storeId)
    },

    /** Entry counts, for tests and diagnostics. */
    size: () => ({
      cells: cells.map.size,
      answers: answers.map.size,
      stores: storeRows.map.size,
      storeProducts: storeProducts.map.size,
      storeCounts: storeCounts.map.size,
      areas: areasBySet.size,
      tiles: areas.map.size,
      areaEntries: areaEntries.map.size,
      products: products.map.size,
    }),
  }
}
export type CatalogCache = ReturnType<typeof createCatalogCache>
