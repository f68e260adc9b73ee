import fp from 'fastify-plugin'
import { createDashboardRepository } from './dashboard.repository.ts'
import { createDashboardService, type DashboardService } from './dashboard.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    dashboardService: DashboardService
  }
}

/** The seller's dashboard: order aggregates of its own, the rest through the owning services. */
export const dashboardPlugin = fp(
  async function dashboardModule(app) {
    app.decorate(
      'dashboardService',
      createDashboardService({
        repository: createDashboardRepository(app.db),
        stores: app.storesService,
        products: app.productsService,
        settings: app.storeSettingsService,
        scheduleNow: () => app.clock.now(),
      }),
    )
  },
  { name: 'dashboard', dependencies: ['db', 'stores', 'products', 'store-settings', 'orders'] },
)
