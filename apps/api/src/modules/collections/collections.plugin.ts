import fp from 'fastify-plugin'
import { createCollectionsRepository } from './collections.repository.ts'
import { createCollectionsService, type CollectionsService } from './collections.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    collectionsService: CollectionsService
  }
}

export const collectionsPlugin = fp(
  async function collectionsModule(app) {
    const service = createCollectionsService({ repository: createCollectionsRepository(app.db) })
    app.decorate('collectionsService', service)
    // A deleted store takes its collections along.
    app.storesService.onStoreDeleted(service)
  },
  { name: 'collections', dependencies: ['db', 'stores'] },
)
