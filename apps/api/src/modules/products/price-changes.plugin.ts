import fp from 'fastify-plugin'
import { createPriceChangesRepository } from './price-changes.repository.ts'
import { createPriceChangesService, type PriceChangesService } from './price-changes.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    priceChangesService: PriceChangesService
  }
}

/** Bulk price changes (issue 28, decision 053): part of products, which owns the variants' prices. */
export const priceChangesPlugin = fp(
  async function priceChangesModule(app) {
    app.decorate(
      'priceChangesService',
      createPriceChangesService({
        db: app.db,
        repository: createPriceChangesRepository(app.db),
        audit: app.auditService,
      }),
    )
  },
  { name: 'price-changes', dependencies: ['db', 'audit', 'products'] },
)
