import fp from 'fastify-plugin'
import { createCatalogCsvRepository } from './catalog-csv.repository.ts'
import { createCatalogCsvService, type CatalogCsvService } from './catalog-csv.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    catalogCsvService: CatalogCsvService
  }
}

/** The catalogue as a spreadsheet (issue 28, decision 055): part of products. */
export const catalogCsvPlugin = fp(
  async function catalogCsvModule(app) {
    const service = createCatalogCsvService({
      db: app.db,
      repository: createCatalogCsvRepository(app.db),
      storage: app.storage,
      audit: app.auditService,
      log: app.log,
      onProductsChanged: (storeId) => app.catalogEvents.publish({ kind: 'products', storeId }),
    })
    app.decorate('catalogCsvService', service)
    // An import running in the background finishes its batch before the database closes.
    app.addHook('onClose', () => service.settled())
  },
  { name: 'catalog-csv', dependencies: ['db', 'uploads', 'audit', 'products'] },
)
