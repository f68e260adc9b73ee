import fp from 'fastify-plugin'
import { CERTIFICATE_WARNING_DAYS } from '@barrio/contracts/invoicing'
import { createArcaClient } from '../../integrations/arca/client.ts'
import { createOrderUpdates } from '../orders/order-updates.ts'
import { runPeriodically } from '../../lib/periodic.ts'
import { createSecretBox } from '../../lib/secret-box.ts'
import {
  createFiscalSettingsService,
  type FiscalSettingsService,
} from './fiscal-settings.service.ts'
import { createInvoicingRepository } from './invoicing.repository.ts'
import { createInvoicingService, type InvoicingService } from './invoicing.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    fiscalSettingsService: FiscalSettingsService
    invoicingService: InvoicingService
  }
}

/**
 * Electronic invoices through ARCA (issue 27, part 3; decision 054): the fiscal settings, the
 * outbox's `invoice` task (queued by the orders trigger of migration 0036, or by "Facturar") and,
 * with `runWorker`, a daily look for certificates about to expire.
 */
export const invoicingPlugin = fp<{
  serverSecret: string
  publicUrl: string
  wsaaUrl: string
  wsfeUrl: string
  timeoutMs: number
  runWorker: boolean
}>(
  async function invoicing(app, opts) {
    const repository = createInvoicingRepository(app.db)
    const keys = createSecretBox(opts.serverSecret, 'arca-keys')
    const arca = createArcaClient({
      wsaaUrl: opts.wsaaUrl,
      wsfeUrl: opts.wsfeUrl,
      timeoutMs: opts.timeoutMs,
    })
    app.decorate(
      'fiscalSettingsService',
      createFiscalSettingsService({ repository, keys, clock: app.clock }),
    )
    const service = createInvoicingService({
      db: app.db,
      repository,
      arca,
      keys,
      outbox: app.outbox,
      orderUpdates: createOrderUpdates(app.bus),
      settings: app.storeSettingsService,
      clock: app.clock,
      publicUrl: opts.publicUrl,
      log: app.log,
      kick: () => {
        app.outboxWorker
          .drain()
          .catch((err: unknown) => app.log.warn({ err }, 'outbox pass failed'))
      },
    })
    app.decorate('invoicingService', service)
    app.outboxWorker.handle('invoice', async (payload) => {
      await service.reconcile(String(payload.orderId))
    })
    if (opts.runWorker)
      runPeriodically(app, 'certificate-expiry', 6 * 60 * 60_000, () =>
        service.warnExpiringCertificates(CERTIFICATE_WARNING_DAYS),
      )
  },
  { name: 'invoicing', dependencies: ['db', 'notifications', 'bus'] },
)
