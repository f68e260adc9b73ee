import {
  mercadoPagoConnectionSchema,
  mercadoPagoConnectSchema,
} from '@barrio/contracts/mercado-pago-connection'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses, noContent } from '../../lib/route-schemas.ts'

/**
 * /api/v1/admin/payments/mercadopago/*: the selected store's (x-store-id) Mercado Pago account
 * connected through OAuth (decision 049). The `payments` permission, like the payment settings.
 */
export const adminMercadoPagoConnectionRoutes: FastifyPluginAsyncZod =
  async function adminMercadoPagoConnectionRoutes(app) {
    const tags = ['admin: settings']
    const svc = app.mercadoPagoConnectionService
    app.addHook('onRequest', app.requireStore)

    app.get(
      '/connect',
      {
        config: { permission: 'payments' },
        schema: {
          tags,
          summary: "Mercado Pago's authorization URL for this store (a one-use state, 15 minutes)",
          response: { 200: mercadoPagoConnectSchema, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request) => ({
        authorizationUrl: await svc.authorizationUrl(request.store!.id, request.user!.id),
      }),
    )

    app.get(
      '/connection',
      {
        config: { permission: 'payments' },
        schema: {
          tags,
          response: { 200: mercadoPagoConnectionSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => ({
        ...(await svc.status(request.store!.id)),
        pastedToken: await app.storeSettingsService.hasPastedMercadoPagoToken(request.store!.id),
      }),
    )

    app.delete(
      '/connection',
      {
        config: { permission: 'payments' },
        schema: {
          tags,
          response: { ...noContent, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const storeId = request.store!.id
        await svc.disconnect(storeId, request.user!.id)
        // Without a pasted token left, the store stops offering Mercado Pago at checkout.
        await app.storeSettingsService.afterMercadoPagoDisconnected(storeId)
        return reply.status(204).send(null)
      },
    )
  }
