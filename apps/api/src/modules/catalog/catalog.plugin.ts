import fp from 'fastify-plugin'
import { CATALOG_CACHE_SIZES, createCatalogCache, type CatalogCacheStats } from './catalog.cache.ts'
import { createCatalogRepository, type ServiceRadius } from './catalog.repository.ts'
import { createCatalogService, type CatalogService } from './catalog.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    catalogService: CatalogService
    /** The nearby reads' caches: hits, misses and entries per cache (GET /metrics). */
    catalogCacheStats: () => CatalogCacheStats
  }
}

export type CatalogOptions = {
  radius: ServiceRadius
  /** How long a nearby answer or a cell's candidates may be served between change events. */
  cacheTtlMs: number
  /** How long past the TTL a kept value answers while it is read again (0: never). */
  cacheStaleMs: number
}

export const catalogPlugin = fp<CatalogOptions>(
  async function catalog(app, { radius, cacheTtlMs, cacheStaleMs }) {
    const repository = createCatalogRepository(app.db)
    const cache = createCatalogCache({
      ttlMs: cacheTtlMs,
      staleMs: cacheStaleMs,
      ...CATALOG_CACHE_SIZES,
    })
    app.catalogEvents.subscribe((change) => cache.invalidate(change))
    const service = createCatalogService({
      db: app.db,
      repository,
      cache,
      clock: app.clock,
      search: app.searchService,
    })
    app.decorate('catalogService', service)
    app.decorate('catalogCacheStats', cache.stats)
    // The index covers stores that do not deliver with the browsing radius: keep it in step with
    // BROWSE_RADIUS_KM (the server migrates before it listens, so the table exists by then).
    app.addHook('onReady', async () => {
      if (await service.syncBrowseKm(radius.browseKm)) {
        cache.invalidate({ kind: 'store', storeId: '*', geometry: true })
        app.log.info({ browseKm: radius.browseKm }, 'serving-area index rebuilt')
      }
    })
  },
  { name: 'catalog', dependencies: ['db', 'catalog-events', 'search'] },
)
