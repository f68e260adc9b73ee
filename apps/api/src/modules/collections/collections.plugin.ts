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
    app.decorate(
      'collectionsService',
      createCollectionsService({ repository: createCollectionsRepository(app.db) }),
    )
  },
  { name: 'collections', dependencies: ['db'] },
)
