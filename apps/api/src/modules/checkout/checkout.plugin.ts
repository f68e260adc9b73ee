import fp from 'fastify-plugin'
import { createMercadoPagoClient, type MercadoPagoClient } from '../../integrations/mercado-pago.ts'
import { createOrderStreams, type OrderStreams } from '../orders/order-streams.ts'
import { createOrderUpdates } from '../orders/order-updates.ts'
import { createOrdersRepository, type OrdersRepository } from '../orders/orders.repository.ts'
import { createOrdersService, type OrdersService } from '../orders/orders.service.ts'
import { createCheckoutRepository } from './checkout.repository.ts'
import { createCheckoutService, type CheckoutService } from './checkout.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    checkoutService: CheckoutService
    ordersService: OrdersService
    ordersRepository: OrdersRepository
    orderStreams: OrderStreams
    mercadoPago: MercadoPagoClient
  }
}

/** Checkout and orders, wired to the cart, addresses, settings, products and the outbox. */
export const checkoutPlugin = fp<{
  publicUrl: string
  mpApiUrl: string
  streams: { perOwnerMax: number; totalMax: number; heartbeatMs: number }
}>(
  async function checkoutModule(app, opts) {
    const ordersRepository = createOrdersRepository(app.db)
    const orders = createOrdersService({
      repository: ordersRepository,
      updates: createOrderUpdates(),
    })
    const mercadoPago = createMercadoPagoClient({ baseUrl: opts.mpApiUrl })
    app.decorate('ordersRepository', ordersRepository)
    app.decorate('ordersService', orders)
    app.decorate('mercadoPago', mercadoPago)
    const streams = createOrderStreams(opts.streams)
    app.decorate('orderStreams', streams)
    app.sessionEvents.onEnded(({ sessionId }) => {
      if (sessionId) streams.closeSession(sessionId)
    })
    // Open live pages would otherwise keep the server from closing.
    app.addHook('onClose', async () => streams.closeAll())
    app.decorate(
      'checkoutService',
      createCheckoutService({
        db: app.db,
        repository: createCheckoutRepository(app.db),
        cart: app.cartService,
        addresses: app.addressesService,
        settings: app.storeSettingsService,
        collections: app.collectionsService,
        products: app.productsService,
        ordersRepository,
        orders,
        outbox: app.outbox,
        outboxWorker: app.outboxWorker,
        mercadoPago,
        publicUrl: opts.publicUrl,
        log: app.log,
      }),
    )
    // A store with orders is archived, never deleted.
    app.storesService.onHasOrders((storeId) => ordersRepository.storeHasOrders(storeId))
  },
  {
    name: 'checkout',
    dependencies: [
      'cart',
      'addresses',
      'store-settings',
      'collections',
      'products',
      'notifications',
      'stores',
      'session-events',
    ],
  },
)
