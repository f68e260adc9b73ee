import fp from 'fastify-plugin'
import { createAdminOrdersRepository } from './admin-orders.repository.ts'
import { createAdminOrdersService, type AdminOrdersService } from './admin-orders.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    adminOrdersService: AdminOrdersService
  }
}

/** The seller's orders, wired to the customer's orders service (DTO, live updates) and the outbox. */
export const adminOrdersPlugin = fp<{ publicUrl: string }>(
  async function adminOrdersModule(app, opts) {
    app.decorate(
      'adminOrdersService',
      createAdminOrdersService({
        db: app.db,
        repository: createAdminOrdersRepository(app.db),
        orders: app.ordersService,
        products: app.productsService,
        stores: app.storesService,
        outbox: app.outbox,
        outboxWorker: app.outboxWorker,
        publicUrl: opts.publicUrl,
        log: app.log,
      }),
    )
  },
  { name: 'admin-orders', dependencies: ['db', 'checkout', 'products', 'stores', 'notifications'] },
)
