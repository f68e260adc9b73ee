import { maxEditsFor, searchWords } from '../../lib/search.ts'
import { nearestOf, productMatchesIn, storeMatchesIn, suggestionMatchesIn } from './search-index.ts'
import type { ProductSort, SearchRepository, StoreScope, TextMatch } from './search.repository.ts'
import type { StoreIndexes } from './store-indexes.ts'

export type { ProductSort, StoreScope } from './search.repository.ts'

/**
 * The search engine (issue 25, decision 042), behind one interface so that a dedicated engine
 * can take over without touching its callers: text in, ids out, best first. Spanish matching
 * (accents and case folded, stems for singular/plural) is PostgreSQL's full-text search with the
 * `barrio_es` configuration; a word with no match is corrected to the nearest word of the shops
 * in scope (one typo from 5 letters, two from 8) and the search runs again with it.
 *
 * The matches of given stores (what the catalogue asks near a point) come from the in-process
 * index (decision 058: `store-indexes.ts`, `search-index.ts`), equal to the SQL's, for the stores
 * it holds; the others are answered in SQL while their index loads in the background. Once a
 * neighbourhood is loaded the database only normalises a new text, once. Lists over every store, one store's page and collections
 * stay in SQL.
 */

/** Every word must match (stemmed and folded by PostgreSQL). */
const wordsQuery = (text: string): TextMatch => ({ words: text })

/** Every word but the last as typed, the last as a prefix ("alfaj" → alfajor): for suggestions. */
function prefixQuery(words: string[]): TextMatch | null {
  return words.length === 0 ? null : { prefix: words }
}

export function createSearchService({
  repository,
  indexes,
}: {
  repository: SearchRepository
  /** The in-process index of the stores near a point (decision 058). */
  indexes: StoreIndexes
}) {
  /** The text with each unmatched word replaced by its nearest word in scope; null if none. */
  async function correct(text: string, scope: StoreScope): Promise<string | null> {
    const words = searchWords(text)
    const fixable = words
      .map((word, index) => ({ word, index, maxEdits: maxEditsFor(word) }))
      .filter((w) => w.maxEdits > 0)
    if (fixable.length === 0) return null
    // The index's words for the stores it holds; the words near them of the others, from SQL.
    const ready = 'storeIds' in scope ? indexes.ready(scope.storeIds, { admit: false }) : null
    let nearest: Array<string | null>
    if (!ready) nearest = await repository.nearestWords(fixable, scope)
    else {
      const more =
        ready.missing.length === 0 ? [] : await repository.wordsNear(fixable, ready.missing)
      nearest = fixable.map((w) =>
        nearestOf(w.word, w.maxEdits, [
          ...indexes.wordsNear(ready.found, w.word, w.maxEdits),
          ...more.map((m) => [m.word, m.uses] as const),
        ]),
      )
    }
    const corrected = [...words]
    let changed = false
    fixable.forEach((w, i) => {
      const near = nearest[i]
      if (near && near !== w.word) {
        corrected[w.index] = near
        changed = true
      }
    })
    return changed ? corrected.join(' ') : null
  }

  return {
    correct,

    /**
     * A page of matching product ids and the total. When nothing matches, the corrected text is
     * searched instead and returned as `corrected` (the "¿Quisiste decir…?" of the answer).
     */
    async products(input: {
      text: string
      scope: StoreScope
      collectionId?: string
      sort: ProductSort
      page: number
      limit: number
    }): Promise<{ ids: string[]; total: number; corrected: string | null }> {
      const exact = await repository.products({ ...input, query: wordsQuery(input.text) })
      if (exact.total > 0) return { ...exact, corrected: null }
      const corrected = await correct(input.text, input.scope)
      if (!corrected) return { ...exact, corrected: null }
      const again = await repository.products({
        ...input,
        text: corrected,
        query: wordsQuery(corrected),
      })
      return { ...again, corrected }
    },

    /** Ids of the stores in scope that match by name, category or description, best first. */
    async stores(input: { text: string; scope: StoreScope }): Promise<string[]> {
      return repository.stores({ query: wordsQuery(input.text), scope: input.scope })
    },

    /**
     * Every product of the given stores that matches the text (words, or an exact SKU), with
     * what ranks it: what the catalogue keeps per search area (decision 046).
     */
    async productMatches(input: { text: string; storeIds: readonly string[] }) {
      const query = wordsQuery(input.text)
      const normalised = await indexes.normalised(query, input.text)
      if (!normalised.query) return repository.productMatches({ ...input, query })
      const { found, missing } = indexes.ready(input.storeIds)
      const fromIndex = productMatchesIn(
        indexes.withProducts(found, normalised.query, normalised.lower),
        normalised.query,
        normalised.lower,
      )
      if (missing.length === 0) return fromIndex
      // A store's matches come whole from one side: ties within a store keep their order.
      const fromSql = await repository.productMatches({ ...input, query, storeIds: missing })
      return [...fromIndex, ...fromSql]
    },

    /** Every store of the given ones that matches the text; `prefix`: the last word as typed. */
    async storeMatches(input: { text: string; storeIds: readonly string[]; prefix?: boolean }) {
      const query = input.prefix ? prefixQuery(searchWords(input.text)) : wordsQuery(input.text)
      if (!query) return []
      const normalised = await indexes.normalised(query, input.text)
      if (!normalised.query) return repository.storeMatches({ query, storeIds: input.storeIds })
      // The request's product lookup counts the miss (store-indexes.ts, `admit`).
      const { found, missing } = indexes.ready(input.storeIds, { admit: false })
      const fromIndex = storeMatchesIn(
        indexes.withStoreWords(found, normalised.query),
        normalised.query,
      )
      if (missing.length === 0) return fromIndex
      return [...fromIndex, ...(await repository.storeMatches({ query, storeIds: missing }))]
    },

    /** The search box's product matches: the last word a prefix ("alfaj"), or whole words. */
    async suggestionMatches(input: { text: string; storeIds: readonly string[]; prefix: boolean }) {
      const query = input.prefix ? prefixQuery(searchWords(input.text)) : wordsQuery(input.text)
      if (!query) return []
      const normalised = await indexes.normalised(query, input.text)
      if (!normalised.query)
        return repository.suggestionMatches({ query, storeIds: input.storeIds })
      const { found, missing } = indexes.ready(input.storeIds)
      const fromIndex = suggestionMatchesIn(
        indexes.withProducts(found, normalised.query, ''),
        normalised.query,
      )
      if (missing.length === 0) return fromIndex
      return [...fromIndex, ...(await repository.suggestionMatches({ query, storeIds: missing }))]
    },
  }
}
export type SearchService = ReturnType<typeof createSearchService>
