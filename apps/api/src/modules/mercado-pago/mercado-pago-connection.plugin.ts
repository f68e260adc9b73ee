import fp from 'fastify-plugin'
import { createMercadoPagoClient } from '../../integrations/mercado-pago.ts'
import { runPeriodically } from '../../lib/periodic.ts'
import { createSecretBox } from '../../lib/secret-box.ts'
import { createMercadoPagoConnectionRepository } from './mercado-pago-connection.repository.ts'
import {
  createMercadoPagoConnectionService,
  type MercadoPagoConnectionService,
} from './mercado-pago-connection.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    mercadoPagoConnectionService: MercadoPagoConnectionService
  }
}

/** How often the background job refreshes the connections whose tokens are due. */
const REFRESH_EVERY_MS = 6 * 60 * 60 * 1000

/** Stores' Mercado Pago accounts connected through OAuth (decision 049). */
export const mercadoPagoConnectionPlugin = fp<{
  serverSecret: string
  publicUrl: string
  mpApiUrl: string
  authUrl: string
  clientId: string | undefined
  clientSecret: string | undefined
  refreshDays: number
  runWorker: boolean
}>(
  async function mercadoPagoConnectionModule(app, opts) {
    const service = createMercadoPagoConnectionService({
      db: app.db,
      repository: createMercadoPagoConnectionRepository(app.db),
      box: createSecretBox(opts.serverSecret, 'mercado-pago-oauth'),
      mercadoPago: createMercadoPagoClient({ baseUrl: opts.mpApiUrl }),
      audit: app.auditService,
      config: {
        clientId: opts.clientId,
        clientSecret: opts.clientSecret,
        authUrl: opts.authUrl,
        redirectUri: `${opts.publicUrl}/api/v1/payments/mercadopago/oauth/callback`,
        refreshDays: opts.refreshDays,
      },
      log: app.log,
    })
    app.decorate('mercadoPagoConnectionService', service)
    // Tokens are also refreshed at use; this keeps idle stores' tokens from running out.
    if (opts.runWorker && service.available)
      runPeriodically(app, 'mercado pago token refresh', REFRESH_EVERY_MS, () =>
        service.refreshDueConnections(),
      )
  },
  { name: 'mercado-pago-connection', dependencies: ['db', 'audit'] },
)
