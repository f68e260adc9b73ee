import fp from 'fastify-plugin'
import { runPeriodically } from '../../lib/periodic.ts'
import { createCatalogCsvRepository } from './catalog-csv.repository.ts'
import { createCatalogCsvService, type CatalogCsvService } from './catalog-csv.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    catalogCsvService: CatalogCsvService
  }
}

export type CatalogCsvPluginOptions = {
  /** Image URLs of an import: addresses allowed although private, and the time one may take. */
  images: { allowedAddresses: readonly string[]; timeoutMs: number }
  /** How often a running import says it is alive, and after how long silence it is resumed. */
  heartbeatMs?: number
  staleMs?: number
}

/** How often a process looks for imports whose process stopped (decision 057). */
const RESUME_EVERY_MS = 30_000

/** The catalogue as a spreadsheet (issue 28, decisions 055 and 057): part of products. */
export const catalogCsvPlugin = fp<CatalogCsvPluginOptions>(
  async function catalogCsvModule(app, opts) {
    const service = createCatalogCsvService({
      db: app.db,
      repository: createCatalogCsvRepository(app.db),
      storage: app.storage,
      audit: app.auditService,
      log: app.log,
      onProductsChanged: (storeId) => app.catalogEvents.publish({ kind: 'products', storeId }),
      images: opts.images,
      ...(opts.heartbeatMs ? { heartbeatMs: opts.heartbeatMs } : {}),
      ...(opts.staleMs ? { staleMs: opts.staleMs } : {}),
    })
    app.decorate('catalogCsvService', service)
    // Imports left by a process that stopped: at start, then every RESUME_EVERY_MS.
    app.addHook('onReady', async () => {
      await service.resumeStale().catch((err: unknown) => {
        app.log.error({ err }, 'catalogue import resume failed')
      })
    })
    runPeriodically(app, 'catalogue import resume', RESUME_EVERY_MS, () => service.resumeStale())
    // An import running in the background finishes its batch before the database closes, and is
    // released for the next process to resume.
    app.addHook('onClose', () => service.stop())
  },
  { name: 'catalog-csv', dependencies: ['db', 'uploads', 'audit', 'products'] },
)
