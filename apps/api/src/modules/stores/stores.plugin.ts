import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { fieldError } from '../../lib/errors.ts'
import { ownMediaUrlCheck, type MediaOrigins } from '../../lib/own-media.ts'
import { createStoresRepository, type StoreRole } from './stores.repository.ts'
import { createStoresService, type StoresService } from './stores.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    storesService: StoresService
    /**
     * preHandler for seller calls that act on "the selected store": the x-store-id header must name
     * a store the signed-in admin owns or collaborates on (403 USER_NOT_OWNER otherwise).
     */
    requireStore: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
  }
  interface FastifyRequest {
    store: { id: string; role: StoreRole } | null
  }
}

export const storesPlugin = fp<{ mediaOrigins: MediaOrigins }>(
  async function storesModule(app, { mediaOrigins }) {
    const service = createStoresService({
      db: app.db,
      repository: createStoresRepository(app.db),
      storage: app.storage,
      catalogEvents: app.catalogEvents,
      isOwnMediaUrl: ownMediaUrlCheck(mediaOrigins),
      clock: app.clock,
    })
    app.decorate('storesService', service)
    app.decorateRequest('store', null)
    app.decorate('requireStore', async function requireStore(request: FastifyRequest) {
      const storeId = request.ctx.storeId
      if (!storeId)
        throw fieldError(
          'MISSING_REQUIRED_FIELD',
          'x-store-id',
          'Elegí un comercio (falta el encabezado x-store-id)',
        )
      // The permission guard resolved it already for this request.
      if (request.store?.id === storeId) return
      const role = await service.roleIn(request.user!.id, storeId)
      request.store = { id: storeId, role }
    })
  },
  { name: 'stores', dependencies: ['auth', 'uploads'] },
)
