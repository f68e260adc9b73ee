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
  /** Cells whose candidates are kept (each ~40 bytes per candidate). */
  maxCells: number
  /** Answers kept per exact point and page (serialized JSON). */
  maxAnswers: number
}

type Entry<V> = { value: V; expires: number; gen: number }

/** A Map used as an LRU: re-inserting moves a key to the end; the first key is the oldest. */
class Lru<V> {
  readonly map = new Map<string | number, Entry<V>>()
  constructor(private readonly max: number) {}
  get(key: string | number, now: number): Entry<V> | undefined {
    const entry = this.map.get(key)
    if (!entry) return undefined
    if (entry.expires <= now) {
      this.map.delete(key)
      return undefined
    }
    return entry
  }
  set(key: string | number, entry: Entry<V>, onEvict?: (key: string | number, v: V) => void) {
    this.map.delete(key)
    this.map.set(key, entry)
    while (this.map.size > this.max) {
      const oldest = this.map.keys().next().value!
      const evicted = this.map.get(oldest)!
      this.map.delete(oldest)
      onEvict?.(oldest, evicted.value)
    }
  }
}

type Answer = { json: string; storeIds: readonly string[] }

/**
 * The short-lived, in-process caches of the nearby reads (docs/decisions/020):
 * - per grid cell, its candidate stores (what every customer of that barrio shares);
 * - per exact point, page and size, the serialized answer (a customer paging or reloading, and the
 *   many requests of one home page).
 * Invalidation is driven by CatalogChange events, synchronously: a geometry change clears every
 * cell and answer; any other store or product change drops the answers that show or rank that
 * store. A load that started before a change never stores its (possibly stale) result: every entry
 * carries the generation it was computed at, and a change bumps the generation.
 */
export function createCatalogCache(options: CacheOptions) {
  const cells = new Lru<CellCandidates>(options.maxCells)
  const answers = new Lru<Answer>(options.maxAnswers)
  /** Answer keys per store id they depend on. */
  const byStore = new Map<string, Set<string>>()
  let generation = 0
  const inFlight = new Map<number, Promise<CellCandidates>>()

  function unlink(key: string | number, answer: Answer) {
    for (const id of answer.storeIds) {
      const keys = byStore.get(id)
      if (!keys) continue
      keys.delete(key as string)
      if (keys.size === 0) byStore.delete(id)
    }
  }

  function clearAll() {
    cells.map.clear()
    answers.map.clear()
    byStore.clear()
    inFlight.clear()
  }

  return {
    /** The current generation: pass it back to `putAnswer` so a stale computation is dropped. */
    generation: () => generation,

    /** A cell's candidates, loading them once even when many requests ask at the same time. */
    async candidates(cell: number, load: (cell: number) => Promise<CellCandidates>) {
      const now = Date.now()
      const hit = cells.get(cell, now)
      if (hit) return hit.value
      const pending = inFlight.get(cell)
      if (pending) return pending
      const gen = generation
      const loading = load(cell).then(
        (value) => {
          if (inFlight.get(cell) === loading) inFlight.delete(cell)
          if (gen === generation)
            cells.set(cell, { value, expires: Date.now() + options.ttlMs, gen })
          return value
        },
        (err: unknown) => {
          if (inFlight.get(cell) === loading) inFlight.delete(cell)
          throw err
        },
      )
      inFlight.set(cell, loading)
      return loading
    },

    answer(key: string): string | undefined {
      return answers.get(key, Date.now())?.value.json
    },

    /** Keeps an answer computed at generation `gen`, unless a change happened meanwhile. */
    putAnswer(key: string, gen: number, json: string, storeIds: readonly string[]) {
      if (gen !== generation) return
      const old = answers.map.get(key)
      if (old) unlink(key, old.value)
      answers.set(
        key,
        { value: { json, storeIds }, expires: Date.now() + options.ttlMs, gen },
        unlink,
      )
      for (const id of storeIds) {
        let keys = byStore.get(id)
        if (!keys) byStore.set(id, (keys = new Set()))
        keys.add(key)
      }
    },

    invalidate(change: CatalogChange) {
      generation++
      if (change.kind === 'store' && change.geometry) return clearAll()
      const keys = byStore.get(change.storeId)
      if (!keys) return
      for (const key of [...keys]) {
        const entry = answers.map.get(key)
        if (entry) {
          answers.map.delete(key)
          unlink(key, entry.value)
        }
      }
      byStore.delete(change.storeId)
    },

    /** Entry counts, for tests and diagnostics. */
    size: () => ({ cells: cells.map.size, answers: answers.map.size }),
  }
}
export type CatalogCache = ReturnType<typeof createCatalogCache>
