import type { Db } from '../apps/api/src/db/client.ts'
import { systemClock } from '../apps/api/src/lib/clock.ts'
import {
  CATALOG_CACHE_SIZES,
  createCatalogCache,
} from '../apps/api/src/modules/catalog/catalog.cache.ts'
import { createCatalogRepository } from '../apps/api/src/modules/catalog/catalog.repository.ts'
import { createCatalogService } from '../apps/api/src/modules/catalog/catalog.service.ts'
import { createSearchRepository } from '../apps/api/src/modules/search/search.repository.ts'
import { createSearchService } from '../apps/api/src/modules/search/search.service.ts'
import {
  createStoreIndexes,
  STORE_INDEX_SIZES,
} from '../apps/api/src/modules/search/store-indexes.ts'

type CacheOptions = Parameters<typeof createCatalogCache>[0]

/**
 * The catalogue service (with its search engine and index) as the API builds it
 * (catalog.plugin.ts, search.plugin.ts), for the benches that time it in process. `ttlMs`: the
 * caches' life (the API's: 1 s without the bus, 60 s with it); `staleMs`: the search index's grace
 * (the API's: `ttlMs` with the bus, else 0); `cache`: other cache sizes; `wrap`: applied to both
 * repositories (to time or count their calls).
 */
export function benchCatalogService(
  db: Db,
  options: {
    ttlMs: number
    staleMs?: number
    cache?: Partial<CacheOptions>
    wrap?: <T extends object>(name: 'catalog' | 'search', repository: T) => T
  },
) {
  const wrap = options.wrap ?? (<T extends object>(_name: string, repository: T) => repository)
  const searchRepository = wrap('search', createSearchRepository(db))
  return createCatalogService({
    db,
    repository: wrap('catalog', createCatalogRepository(db)),
    cache: createCatalogCache({
      ttlMs: options.ttlMs,
      staleMs: options.staleMs ?? 0,
      ...CATALOG_CACHE_SIZES,
      ...options.cache,
    }),
    clock: systemClock,
    search: createSearchService({
      repository: searchRepository,
      indexes: createStoreIndexes(searchRepository, {
        ttlMs: options.ttlMs,
        staleMs: options.staleMs ?? 0,
        ...STORE_INDEX_SIZES,
      }),
    }),
  })
}
