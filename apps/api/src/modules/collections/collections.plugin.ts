import fp from 'fastify-plugin'
import { ownMediaUrlCheck, type MediaOrigins } from '../../lib/own-media.ts'
import { createCollectionsRepository } from './collections.repository.ts'
import { createCollectionsService, type CollectionsService } from './collections.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    collectionsService: CollectionsService
  }
}

export const collectionsPlugin = fp<{ mediaOrigins: MediaOrigins }>(
  async function collectionsModule(app, { mediaOrigins }) {
    const service = createCollectionsService({
      db: app.db,
      repository: createCollectionsRepository(app.db),
      isOwnMediaUrl: ownMediaUrlCheck(mediaOrigins),
    })
    app.decorate('collectionsService', service)
    // A deleted store takes its collections along.
    app.storesService.onStoreDeleted(service)
  },
  { name: 'collections', dependencies: ['db', 'stores'] },
)
