import fp from 'fastify-plugin'
import { createAdminOrdersRepository } from './admin-orders.repository.ts'
import { createAdminOrdersService, type AdminOrdersService } from './admin-orders.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    adminOrdersService: AdminOrdersService
  }
}

/**
 * The seller's orders, wired to the customer's orders service (DTO, live updates) and the outbox.
 * With `sweepIntervalMs` (the server, not tests) it also runs the stock-hold sweep on an interval:
 * Mercado Pago orders whose payment time ran out are cancelled and their stock released.
 */
export const adminOrdersPlugin = fp<{ publicUrl: string; sweepIntervalMs?: number | null }>(
  async function adminOrdersModule(app, opts) {
    const service = createAdminOrdersService({
      db: app.db,
      repository: createAdminOrdersRepository(app.db),
      orders: app.ordersService,
      products: app.productsService,
      stores: app.storesService,
      settings: app.storeSettingsService,
      outbox: app.outbox,
      outboxWorker: app.outboxWorker,
      publicUrl: opts.publicUrl,
      log: app.log,
    })
    app.decorate('adminOrdersService', service)

    const every = opts.sweepIntervalMs
    if (every) {
      let timer: NodeJS.Timeout | null = null
      let running = false
      app.addHook('onReady', async () => {
        timer = setInterval(() => {
          if (running) return
          running = true
          service
            .expireUnpaidOrders()
            .catch((err: unknown) => app.log.warn({ err }, 'payment expiry sweep failed'))
            .finally(() => {
              running = false
            })
        }, every)
        timer.unref()
      })
      app.addHook('onClose', async () => {
        if (timer) clearInterval(timer)
      })
    }
  },
  {
    name: 'admin-orders',
    dependencies: ['db', 'orders', 'products', 'stores', 'store-settings', 'notifications'],
  },
)
