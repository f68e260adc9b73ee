import fp from 'fastify-plugin'
import { createIdempotencyKeys } from './idempotency.ts'
import { createCounterOrdersRepository } from './counter-orders.repository.ts'
import { createCounterOrdersService, type CounterOrdersService } from './counter-orders.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    counterOrdersService: CounterOrdersService
  }
}

/** Orders the shop takes itself (POST /admin/orders, decision 027). */
export const counterOrdersPlugin = fp(
  async function counterOrdersModule(app) {
    app.decorate(
      'counterOrdersService',
      createCounterOrdersService({
        db: app.db,
        keys: createIdempotencyKeys(createCounterOrdersRepository(app.db)),
        customers: app.customersService,
        products: app.productsService,
        collections: app.collectionsService,
        settings: app.storeSettingsService,
        orders: app.ordersService,
        adminOrders: app.adminOrdersService,
        payments: app.paymentsService,
        log: app.log,
      }),
    )
  },
  {
    name: 'counter-orders',
    dependencies: [
      'db',
      'customers',
      'products',
      'collections',
      'store-settings',
      'orders',
      'admin-orders',
      'payments',
    ],
  },
)
