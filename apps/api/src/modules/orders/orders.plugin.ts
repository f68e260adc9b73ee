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
 * The customer's orders: the service (the only writer of new orders and payment notifications),
 * live updates, and the bounded registry of open order streams, closed when their session ends.
 */
export const ordersPlugin = fp<{
  streams: { perOwnerMax: number; totalMax: number; heartbeatMs: number }
}>(
  async function ordersModule(app, opts) {
    const orders = createOrdersService({
      repository: createOrdersRepository(app.db),
      updates: createOrderUpdates(app.bus),
      customers: app.customersService,
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
  { name: 'orders', dependencies: ['db', 'bus', 'stores', 'session-events', 'customers'] },
)
