import fp from 'fastify-plugin'
import { createStoreSettingsRepository } from './store-settings.repository.ts'
import { createStoreSettingsService, type StoreSettingsService } from './store-settings.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    storeSettingsService: StoreSettingsService
  }
}

export const storeSettingsPlugin = fp(
  async function storeSettingsModule(app) {
    app.decorate(
      'storeSettingsService',
      createStoreSettingsService({ repository: createStoreSettingsRepository(app.db) }),
    )
  },
  { name: 'store-settings', dependencies: ['db'] },
)
