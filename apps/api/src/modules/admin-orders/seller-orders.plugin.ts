import fp from 'fastify-plugin'
import { createSellerOrdersRepository } from './seller-orders.repository.ts'
import { createSellerOrdersService, type SellerOrdersService } from './seller-orders.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    sellerOrdersService: SellerOrdersService
  }
}

/** Orders the shop takes itself (POST /admin/orders, decision 027). */
export const sellerOrdersPlugin = fp<{ publicUrl: string }>(
  async function sellerOrdersModule(app, opts) {
    app.decorate(
      'sellerOrdersService',
      createSellerOrdersService({
        db: app.db,
        repository: createSellerOrdersRepository(app.db),
        catalogEvents: app.catalogEvents,
        customers: app.customersService,
        products: app.productsService,
        collections: app.collectionsService,
        settings: app.storeSettingsService,
        orders: app.ordersService,
        adminOrders: app.adminOrdersService,
        payments: app.paymentsService,
        outbox: app.outbox,
        outboxWorker: app.outboxWorker,
        publicUrl: opts.publicUrl,
        log: app.log,
      }),
    )
  },
  {
    name: 'seller-orders',
    dependencies: [
      'db',
      'customers',
      'products',
      'collections',
      'store-settings',
      'orders',
      'admin-orders',
      'payments',
      'notifications',
    ],
  },
)
