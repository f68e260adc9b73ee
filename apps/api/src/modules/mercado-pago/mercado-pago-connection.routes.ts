import {
  MERCADO_PAGO_REASON_PARAM,
  MERCADO_PAGO_RESULT_PARAM,
} from '@barrio/contracts/mercado-pago-connection'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/route-schemas.ts'
import { ConnectError } from './mercado-pago-connection.service.ts'

/** The seller's payment settings page of the web app (apps/web config/paths.ts). */
export const PAYMENT_SETTINGS_PATH = '/admin/settings/payment-methods'

/**
 * /api/v1/payments/mercadopago/oauth/callback: Mercado Pago sends the seller's browser back here
 * with `code` and `state` (decision 049). Every outcome is a redirect to the payment settings
 * page with `?mercadoPago=connected` or `?mercadoPago=error&reason=…`.
 */
export const mercadoPagoOAuthRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> =
  async function mercadoPagoOAuthRoutes(app, opts) {
    const back = (params: Record<string, string>) =>
      `${opts.publicUrl}${PAYMENT_SETTINGS_PATH}?${new URLSearchParams(params).toString()}`

    app.get(
      '/callback',
      {
        schema: {
          tags: ['payments'],
          summary: 'Mercado Pago answers the authorization here; redirects to the settings (302)',
          querystring: z.object({
            code: z.string().max(512).optional(),
            state: z.string().max(256).optional(),
            error: z.string().max(200).optional(),
          }),
          response: { ...errorResponses(400) },
        },
      },
      async (request, reply) => {
        try {
          const { storeId, mpUserId } = await app.mercadoPagoConnectionService.complete({
            code: request.query.code,
            state: request.query.state,
            userId: request.user?.id ?? null,
          })
          await app.storeSettingsService.afterMercadoPagoConnected(storeId, { mpUserId })
          request.log.info({ storeId, mpUserId }, 'mercado pago account connected')
          return reply.redirect(back({ [MERCADO_PAGO_RESULT_PARAM]: 'connected' }), 302)
        } catch (err) {
          if (!(err instanceof ConnectError)) throw err
          request.log.warn(
            { reason: err.reason, err: err.cause ?? null },
            'mercado pago connect failed',
          )
          return reply.redirect(
            back({ [MERCADO_PAGO_RESULT_PARAM]: 'error', [MERCADO_PAGO_REASON_PARAM]: err.reason }),
            302,
          )
        }
      },
    )
  }
