import fp from 'fastify-plugin'
import { createProductsRepository } from './products.repository.ts'
import { createProductsService, type ProductsService } from './products.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    productsService: ProductsService
  }
}

export const productsPlugin = fp(
  async function productsModule(app) {
    const service = createProductsService({
      db: app.db,
      repository: createProductsRepository(app.db),
      storage: app.storage,
      audit: app.auditService,
    })
    app.decorate('productsService', service)
    // A deleted store takes its products (variants, media, memberships) and their files along.
    app.storesService.onStoreDeleted(service)
  },
  { name: 'products', dependencies: ['db', 'uploads', 'stores', 'audit'] },
)
