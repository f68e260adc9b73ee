import fp from 'fastify-plugin'
import { createCatalogRepository, type ServiceRadius } from './catalog.repository.ts'
import { createCatalogService, type CatalogService } from './catalog.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    catalogService: CatalogService
  }
}

export const catalogPlugin = fp<{ radius: ServiceRadius }>(
  async function catalog(app, { radius }) {
    app.decorate(
      'catalogService',
      createCatalogService({ repository: createCatalogRepository(app.db), radius }),
    )
  },
  { name: 'catalog', dependencies: ['db'] },
)
