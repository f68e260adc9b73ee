import type { CatalogChange } from '../../plugins/catalog-events.ts'
import {
  buildStoreIndex,
  indexQuery,
  nearnessTo,
  type IndexQuery,
  type StoreIndex,
} from './search-index.ts'
import type { SearchRepository, TextMatch } from './search.repository.ts'
import { dropOldestWhile, dueForTrim, trimOldest } from '../../lib/bounded-keys.ts'

export type StoreIndexesOptions = {
  /** How long a store's index may be used without a change event (the catalogue caches' TTL). */
  ttlMs: number
  /**
   * How long past `ttlMs` an index still answers while it is read again in the background (0:
   * never). Only where change events reach every process (the bus, or one embedded process): there
   * the TTL is a safety net, and every index a busy process filled together expired together, so
   * the whole neighbourhood went back to SQL at once (bench/README.md, `search.bench.ts`, fifth
   * pass). Without the bus the TTL is how a change reaches the other processes: no grace.
   */
  staleMs?: number
  /** Bounds on what is kept: the least recently used stores go first. */
  maxStores: number
  maxProducts: number
  /** Texts whose normalised query is kept. */
  maxQueries: number
}

/** The sizes the server runs with (search.plugin.ts; the benchmark reports the memory). */
export const STORE_INDEX_SIZES = {
  maxStores: 20_000,
  maxProducts: 100_000,
  maxQueries: 10_000,
} as const

/** A text as the index asks it: the parsed query (null: the SQL engine must answer) and lower(text). */
export type NormalisedText = { query: IndexQuery | null; lower: string }

/** `touched`: when it last moved to the LRU's end (Date.now()). */
type Kept = { index: StoreIndex; expires: number; touched: number }

/**
 * How often a store in use moves to the LRU's end: a move (a delete and a set) per store per
 * lookup, three lookups of ~100 stores per request, was a tenth of a search's CPU; once a second
 * keeps the order the bound needs.
 */
const TOUCH_EVERY_MS = 1_000

/**
 * Stores per background load, and how many may wait for one: after a burst of scattered points
 * (100,000 shops) a queue of 20,000 could keep the database loading for minutes, behind the
 * requests' own statements (bench/README.md, third pass).
 */
const BACKGROUND_BATCH = 200
const MAX_QUEUED = 2_000
/**
 * Stores missed once, remembered so that a second miss queues their load: a store asked for once
 * (a scattered point among 100,000 shops) is answered in SQL and never loaded; a load reads all
 * its products where the SQL read only the matching ones (bench/README.md, third and fourth pass).
 */
const MISSED_ONCE_MAX = 50_000

/**
 * The in-process search index (decision 058): per store, its searchable rows
 * (`buildStoreIndex`), loaded in one batch for the stores a request needs and kept in an LRU
 * bounded by stores and products. The catalogue's change events retire a store's index
 * synchronously (the next request of this process reads it again; other processes get the event
 * through the bus, or their entry expires within the TTL). A load that started before a change of
 * its store is used by the request that asked for it but never kept.
 */
export function createStoreIndexes(repository: SearchRepository, options: StoreIndexesOptions) {
  const kept = new Map<string, Kept>()
  let products = 0
  const loading = new Map<string, Promise<StoreIndex>>()
  const queries = new Map<string, NormalisedText>()
  const queriesLoading = new Map<string, Promise<NormalisedText>>()
  let clock = 0
  let clearedAt = 0
  /** Moves whenever a store's index is kept or dropped: a `ready` answer stays true until then. */
  let version = 0
  /**
   * The last `ready` answer per list of stores (a request asks for the same list three or four
   * times: its products, its shops, the correction), while nothing was kept, dropped or expired.
   */
  const readyOf = new WeakMap<
    readonly string[],
    { version: number; until: number; found: StoreIndex[]; missing: string[] }
  >()
  const changedAt = new Map<string, number>()

  /**
   * Which kept stores can match a word, by id: their products' lexemes and SKUs, and their own
   * lexemes. A request tells the point's ~100 stores that can match apart by looking their ids up
   * in one set, instead of visiting each store's index (bench/README.md, `search.bench.ts`, fifth
   * pass: at 100,000 shops the visits, memory far apart, were most of a search's CPU).
   */
  const byProductWord = new Map<string, Set<string>>()
  const bySku = new Map<string, Set<string>>()
  const byStoreWord = new Map<string, Set<string>>()

  function enter(map: Map<string, Set<string>>, keys: Iterable<string>, id: string) {
    for (const key of keys) {
      let ids = map.get(key)
      if (!ids) map.set(key, (ids = new Set()))
      ids.add(id)
    }
  }
  function leave(map: Map<string, Set<string>>, keys: Iterable<string>, id: string) {
    for (const key of keys) {
      const ids = map.get(key)
      if (ids?.delete(id) && ids.size === 0) map.delete(key)
    }
  }
  /**
   * The kept stores' title words (the correction's lexicon, `StoreIndex.words`) with each store's
   * uses. A typo's words within its edits are found once (`nearWords`, extended as new words come)
   * and their uses summed over the point's stores, instead of going through every word of each of
   * its ~100 stores per request. `lexicon` lists the words in the order they first came (a word
   * dropped stays listed until the list is rebuilt, at twice the words in use).
   */
  const wordUses = new Map<string, Map<string, number>>()
  let lexicon: string[] = []
  /** Per typo and its edits: the lexicon's words within them, and how far the lexicon was read. */
  const nearWords = new Map<string, { read: number; words: Set<string> }>()
  const NEAR_WORDS_MAX = 2_000

  function lexiconOf(index: StoreIndex, add: boolean) {
    for (const [word, n] of index.words) {
      let uses = wordUses.get(word)
      if (add) {
        if (!uses) {
          wordUses.set(word, (uses = new Map()))
          lexicon.push(word)
        }
        uses.set(index.id, n)
      } else if (uses?.delete(index.id) && uses.size === 0) wordUses.delete(word)
    }
    if (lexicon.length > 2 * wordUses.size + 10_000) {
      lexicon = [...wordUses.keys()]
      nearWords.clear()
    }
  }

  /** The words under which `index` is found (only a listed store's: the others match nothing). */
  function wordsOf(index: StoreIndex, apply: typeof enter) {
    lexiconOf(index, apply === enter)
    if (!index.listed) return
    apply(byProductWord, index.postings.keys(), index.id)
    if (index.bySku) apply(bySku, index.bySku.keys(), index.id)
    apply(byStoreWord, index.vector.lexemes, index.id)
  }

  function drop(id: string) {
    const entry = kept.get(id)
    if (!entry) return
    version++
    kept.delete(id)
    wordsOf(entry.index, leave)
    products -= entry.index.products.length
  }

  function keep(index: StoreIndex) {
    drop(index.id)
    version++
    wordsOf(index, enter)
    const now = Date.now()
    kept.set(index.id, { index, expires: now + options.ttlMs, touched: now })
    products += index.products.length
    // A sixteenth over either bound before trimming, in one walk (lib/bounded-keys.ts).
    if (dueForTrim(kept.size, options.maxStores) || dueForTrim(products, options.maxProducts))
      dropOldestWhile(
        kept.keys(),
        () => kept.size > options.maxStores || (products > options.maxProducts && kept.size > 1),
        drop,
      )
  }

  const staleMs = options.staleMs ?? 0
  /** Kept indexes past their TTL, within `staleMs`: answering while read again (`pump`). */
  let staleSeen = false

  /**
   * A kept index's entry that has not expired (or is within its grace: then queued to be read
   * again), marked most recently used (moved last, TOUCH_EVERY_MS).
   */
  function usable(id: string, now: number): Kept | undefined {
    const entry = kept.get(id)
    if (!entry) return undefined
    if (entry.expires <= now) {
      if (now >= entry.expires + staleMs) return undefined
      if (!queued.has(id) && !loading.has(id) && queued.size < MAX_QUEUED) {
        queued.add(id)
        staleSeen = true
      }
    }
    if (now - entry.touched >= TOUCH_EVERY_MS) {
      entry.touched = now
      kept.delete(id)
      kept.set(id, entry)
    }
    return entry
  }

  const fresh = (stamp: number, id: string) =>
    clearedAt <= stamp && (changedAt.get(id) ?? 0) <= stamp

  async function load(ids: string[]): Promise<Map<string, StoreIndex>> {
    const rows = await repository.indexRows(ids)
    const storeOf = new Map(rows.stores.map((s) => [s.id, s]))
    const productsOf = new Map<string, typeof rows.products>(ids.map((id) => [id, []]))
    for (const p of rows.products) productsOf.get(p.storeId)?.push(p)
    return new Map(
      ids.map((id) => [id, buildStoreIndex(id, storeOf.get(id) ?? null, productsOf.get(id)!)]),
    )
  }

  /**
   * The indexes of the given stores (kept, being loaded, or loaded now in one batch); `reread`:
   * those past their TTL are read again even within their grace (the background reload).
   */
  async function of(ids: readonly string[], reread = false): Promise<StoreIndex[]> {
    const now = Date.now()
    const out: StoreIndex[] = []
    const missing: string[] = []
    const waiting: Array<Promise<StoreIndex>> = []
    for (const id of ids) {
      const entry = kept.get(id)
      const index = reread && entry && entry.expires <= now ? undefined : usable(id, now)?.index
      if (index) {
        out.push(index)
        continue
      }
      // Expired (a reread keeps answering with it until the new one is kept).
      if (kept.has(id) && !reread) drop(id)
      const pending = loading.get(id)
      if (pending) waiting.push(pending)
      else missing.push(id)
    }
    if (missing.length > 0) {
      const stamp = clock
      const batch = load(missing)
      const ones = new Map<string, Promise<StoreIndex>>()
      for (const id of missing) {
        const one = batch.then((found) => found.get(id)!)
        one.catch(() => {})
        ones.set(id, one)
        loading.set(id, one)
      }
      try {
        for (const [id, index] of await batch) {
          out.push(index)
          if (fresh(stamp, id)) keep(index)
        }
      } finally {
        for (const [id, one] of ones) if (loading.get(id) === one) loading.delete(id)
      }
    }
    for (const pending of waiting) out.push(await pending)
    return out
  }

  /** Stores waiting for a background load, and whether one is running (one batch at a time). */
  const queued = new Set<string>()
  /** Stores missed once since their last load (insertion order: the oldest go first). */
  const missedOnce = new Set<string>()
  let pumping = false
  async function pump() {
    if (pumping) return
    pumping = true
    try {
      while (queued.size > 0) {
        const batch: string[] = []
        const now = Date.now()
        for (const id of queued) {
          queued.delete(id)
          // Not kept, or kept past its TTL (answering within its grace meanwhile).
          if (!((kept.get(id)?.expires ?? 0) > now) && !loading.has(id)) batch.push(id)
          if (batch.length === BACKGROUND_BATCH) break
        }
        if (batch.length > 0) await of(batch, true)
      }
    } catch {
      // A failed background load is retried when a request misses the store again.
      queued.clear()
    } finally {
      pumping = false
    }
  }

  return {
    of,

    /**
     * The kept indexes of the given stores, and the ids that are not kept: the engine answers
     * those in SQL this time; the ones missed before load in the background, one batch at a time
     * (a request never waits for a load; the database's work for a new neighbourhood is spread
     * out, and a store asked for only once is never loaded). `admit: false`: this lookup does not
     * count as a miss (a request's second and third lookups of the same stores).
     */
    ready(
      ids: readonly string[],
      { admit = true }: { admit?: boolean } = {},
    ): { found: StoreIndex[]; missing: string[] } {
      const now = Date.now()
      // The same list again with nothing changed: the same answer, and its misses were counted.
      const last = readyOf.get(ids)
      if (last && last.version === version && now < last.until)
        return { found: last.found, missing: last.missing }
      const found: StoreIndex[] = []
      const missing: string[] = []
      let until = Infinity
      for (const id of ids) {
        const entry = usable(id, now)
        if (entry) {
          found.push(entry.index)
          const { expires } = entry
          until = Math.min(until, expires > now ? expires : expires + staleMs)
        } else missing.push(id)
      }
      if (staleSeen) {
        staleSeen = false
        void pump()
      }
      // At most a second: the stores in use move to the LRU's end once a second (`usable`).
      readyOf.set(ids, { version, until: Math.min(until, now + TOUCH_EVERY_MS), found, missing })
      let admitted = false
      if (admit)
        for (const id of missing) {
          if (queued.has(id) || loading.has(id)) continue
          if (!missedOnce.delete(id)) {
            missedOnce.add(id)
            trimOldest(missedOnce, MISSED_ONCE_MAX)
          } else if (queued.size < MAX_QUEUED) {
            queued.add(id)
            admitted = true
          }
        }
      if (admitted) void pump()
      return { found, missing }
    },

    /**
     * The database's query for a text (plainto_tsquery, or the search box's prefix query),
     * asked once per text and kept: the normalisation never changes while the server runs.
     */
    async normalised(query: TextMatch, text: string): Promise<NormalisedText> {
      const key = `${'words' in query ? `w|${query.words}` : `p|${query.prefix.join(' ')}`}|${text}`
      const hit = queries.get(key)
      if (hit) return hit
      const pending = queriesLoading.get(key)
      if (pending) return pending
      const asking = repository
        .queryText({ query, text })
        .then((r) => {
          const value = { query: indexQuery(r.tsquery), lower: r.lower }
          queries.set(key, value)
          trimOldest(queries, options.maxQueries)
          return value
        })
        .finally(() => queriesLoading.delete(key))
      queriesLoading.set(key, asking)
      return asking
    },

    /** A catalogue change (decision 024): the store's index goes; `*` (all stores) empties it. */
    invalidate(change: CatalogChange) {
      clock++
      if (change.storeId === '*') {
        clearedAt = clock
        changedAt.clear()
        version++
        kept.clear()
        byProductWord.clear()
        bySku.clear()
        byStoreWord.clear()
        wordUses.clear()
        lexicon = []
        nearWords.clear()
        products = 0
        loading.clear()
        queued.clear()
        missedOnce.clear()
        return
      }
      changedAt.set(change.storeId, clock)
      drop(change.storeId)
      loading.delete(change.storeId)
    },

    /**
     * Of `found` (kept indexes), those whose products can match `q`: they have its first whole
     * word, or a product whose SKU is the text. A query of prefixes only: all of them.
     */
    withProducts(
      found: readonly StoreIndex[],
      q: IndexQuery,
      lower: string,
    ): readonly StoreIndex[] {
      if (!q.first) return found
      const words = byProductWord.get(q.first.lexeme)
      const skus = bySku.get(lower)
      if (!words && !skus) return []
      return found.filter((index) => words?.has(index.id) || skus?.has(index.id))
    },

    /** Of `found`, the stores whose own words (name, category, description) can match `q`. */
    withStoreWords(found: readonly StoreIndex[], q: IndexQuery): readonly StoreIndex[] {
      if (!q.first) return found
      const words = byStoreWord.get(q.first.lexeme)
      return words ? found.filter((index) => words.has(index.id)) : []
    },

    /**
     * The title words of `found` (kept indexes) within `maxEdits` of `word`, each with its uses
     * summed over those stores: what `nearestOf` chooses from.
     */
    wordsNear(
      found: readonly StoreIndex[],
      word: string,
      maxEdits: number,
    ): Array<[string, number]> {
      const key = `${maxEdits}|${word}`
      let near = nearWords.get(key)
      if (!near) {
        nearWords.set(key, (near = { read: 0, words: new Set() }))
        trimOldest(nearWords, NEAR_WORDS_MAX)
      }
      for (; near.read < lexicon.length; near.read++) {
        const w = lexicon[near.read]!
        if (nearnessTo(word, maxEdits, w)) near.words.add(w)
      }
      const out: Array<[string, number]> = []
      for (const w of near.words) {
        const uses = wordUses.get(w)
        if (!uses) continue
        let sum = 0
        for (const index of found) sum += uses.get(index.id) ?? 0
        if (sum > 0) out.push([w, sum])
      }
      return out
    },

    /** What is kept, for tests and the benchmark. */
    size: () => ({ stores: kept.size, products, queries: queries.size }),
  }
}
export type StoreIndexes = ReturnType<typeof createStoreIndexes>
