import fp from 'fastify-plugin'
import { createMercadoPagoClient } from '../../integrations/mercado-pago.ts'
import { createStoreSettingsRepository } from './store-settings.repository.ts'
import { createStoreSettingsService, type StoreSettingsService } from './store-settings.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    storeSettingsService: StoreSettingsService
  }
}

export const storeSettingsPlugin = fp<{ mpApiUrl: string }>(
  async function storeSettingsModule(app, { mpApiUrl }) {
    app.decorate(
      'storeSettingsService',
      createStoreSettingsService({
        db: app.db,
        repository: createStoreSettingsRepository(app.db),
        stores: app.storesService,
        catalogEvents: app.catalogEvents,
        // Checks a seller's access token against Mercado Pago when it is saved.
        mercadoPago: createMercadoPagoClient({ baseUrl: mpApiUrl }),
        connections: app.mercadoPagoConnectionService,
        audit: app.auditService,
      }),
    )
  },
  { name: 'store-settings', dependencies: ['db', 'stores', 'mercado-pago-connection', 'audit'] },
)
