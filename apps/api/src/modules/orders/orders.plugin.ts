import fp from 'fastify-plugin'
import { createOrderStreams, type OrderStreams } from './order-streams.ts'
import { createOrderUpdates } from './order-updates.ts'
import { createOrdersRepository } from './orders.repository.ts'
import { createOrdersService, type OrdersService } from './orders.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    ordersService: OrdersService
    orderStreams: OrderStreams
  }
}

/**
 * The customer's orders: the service (the only writer of new orders, `place`, and of payment
 * notifications), live updates, and the bounded registry of open order streams, closed when their
 * session ends. Placing an order takes stock (products), reads the store's alerts (store-settings)
 * and queues e-mails and pushes (notifications) in the caller's transaction.
 */
export const ordersPlugin = fp<{
  streams: { perOwnerMax: number; totalMax: number; heartbeatMs: number }
  /** The site's address, for the links in the order's e-mails. */
  publicUrl: string
}>(
  async function ordersModule(app, opts) {
    const orders = createOrdersService({
      db: app.db,
      privateFiles: app.privateFiles,
      repository: createOrdersRepository(app.db),
      updates: createOrderUpdates(app.bus),
      customers: app.customersService,
      commissions: app.commissionsService,
      products: app.productsService,
      settings: app.storeSettingsService,
      outbox: app.outbox,
      outboxWorker: app.outboxWorker,
      push: app.push,
      catalogEvents: app.catalogEvents,
      publicUrl: opts.publicUrl,
      log: app.log,
    })
    app.decorate('ordersService', orders)
    const streams = createOrderStreams(opts.streams)
    app.decorate('orderStreams', streams)
    app.sessionEvents.onEnded(({ sessionId }) => {
      if (sessionId) streams.closeSession(sessionId)
    })
    // On shutdown (SIGTERM) the listener stops first and then waits for every open connection:
    // ending the live pages before that lets their EventSource reconnect to another process.
    app.addHook('preClose', async () => streams.closeAll())
    // A store with orders is archived, never deleted.
    app.storesService.onHasOrders((storeId) => orders.storeHasOrders(storeId))
  },
  {
    name: 'orders',
    dependencies: [
      'db',
      'bus',
      'stores',
      'session-events',
      'catalog-events',
      'customers',
      'commissions',
      'products',
      'store-settings',
      'notifications',
      'uploads',
    ],
  },
)
