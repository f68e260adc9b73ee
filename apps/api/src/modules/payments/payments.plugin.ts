import fp from 'fastify-plugin'
import { createMercadoPagoClient } from '../../integrations/mercado-pago.ts'
import { createPaymentsService, type PaymentsService } from './payments.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    paymentsService: PaymentsService
  }
}

/** Payment notifications, applied to orders through the orders service. */
export const paymentsPlugin = fp<{
  mpApiUrl: string
  webhookSecret: string | undefined
  publicUrl: string
}>(
  async function paymentsModule(app, opts) {
    app.decorate(
      'paymentsService',
      createPaymentsService({
        webhookSecret: opts.webhookSecret,
        orders: app.ordersService,
        settings: app.storeSettingsService,
        // Fetches the notified payment: the notification itself is never trusted.
        mercadoPago: createMercadoPagoClient({ baseUrl: opts.mpApiUrl }),
        outbox: app.outbox,
        outboxWorker: app.outboxWorker,
        db: app.db,
        publicUrl: opts.publicUrl,
      }),
    )
  },
  { name: 'payments', dependencies: ['orders', 'store-settings', 'notifications'] },
)
