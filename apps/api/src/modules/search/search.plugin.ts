import fp from 'fastify-plugin'
import { createSearchRepository } from './search.repository.ts'
import { createSearchService, type SearchService } from './search.service.ts'
import { createStoreIndexes, STORE_INDEX_SIZES, type StoreIndexes } from './store-indexes.ts'

declare module 'fastify' {
  interface FastifyInstance {
    searchService: SearchService
    /** The in-process search index (decision 058), for diagnostics and tests. */
    searchIndexes: StoreIndexes
  }
}

/**
 * The search engine (decision 042) and its in-process index (decision 058); the catalogue's
 * search, lists and suggestions call it. `cacheTtlMs`: the catalogue caches' life;
 * `eventsReachEveryProcess`: the Redis bus, or one embedded process.
 */
export const searchPlugin = fp<{ cacheTtlMs: number; eventsReachEveryProcess: boolean }>(
  async function search(app, { cacheTtlMs, eventsReachEveryProcess }) {
    const repository = createSearchRepository(app.db)
    const indexes = createStoreIndexes(repository, {
      ttlMs: cacheTtlMs,
      // The TTL is only a safety net where every change reaches this process: an index past it
      // answers for as long again while it is read anew (store-indexes.ts, `staleMs`).
      staleMs: eventsReachEveryProcess ? cacheTtlMs : 0,
      ...STORE_INDEX_SIZES,
    })
    // A change of a store's products or row retires its index (decision 024's events).
    app.catalogEvents.subscribe((change) => indexes.invalidate(change))
    app.decorate('searchIndexes', indexes)
    app.decorate('searchService', createSearchService({ repository, indexes }))
  },
  { name: 'search', dependencies: ['db', 'catalog-events'] },
)
