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
    app.decorate(
      'productsService',
      createProductsService({ repository: createProductsRepository(app.db), storage: app.storage }),
    )
  },
  { name: 'products', dependencies: ['db', 'uploads'] },
)
