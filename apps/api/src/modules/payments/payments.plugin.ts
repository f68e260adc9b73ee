import fp from 'fastify-plugin'
import { createMercadoPagoClient } from '../../integrations/mercado-pago.ts'
import { createPaymentsRepository } from './payments.repository.ts'
import { createPaymentsService, type PaymentsService } from './payments.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    paymentsService: PaymentsService
  }
}

/**
 * Payment notifications, applied to orders through the orders service, and the store's payments
 * ledger (decision 018) that every payment event writes and the seller's payments page reads.
 */
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
        push: app.push,
        db: app.db,
        publicUrl: opts.publicUrl,
        repository: createPaymentsRepository(app.db),
      }),
    )
  },
  { name: 'payments', dependencies: ['db', 'orders', 'store-settings', 'notifications'] },
)
