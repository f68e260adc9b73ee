import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/route-schemas.ts'

/** /api/v1/payments/mercadopago/webhook: Mercado Pago's notifications (payments.service.ts). */
export const paymentsRoutes: FastifyPluginAsyncZod = async function paymentsRoutes(app) {
  app.post(
    '/mercadopago/webhook',
    {
      schema: {
        tags: ['payments'],
        querystring: z.object({
          orderId: z.uuid(),
          'data.id': z.string().max(64).optional(),
          type: z.string().max(40).optional(),
          topic: z.string().max(40).optional(),
        }),
        body: z
          .object({
            type: z.string().optional(),
            action: z.string().optional(),
            data: z.object({ id: z.union([z.string(), z.number()]) }).optional(),
          })
          .passthrough()
          .optional(),
        response: {
          200: z.object({ received: z.boolean(), applied: z.boolean() }),
          ...errorResponses(400, 401, 404, 422, 503, 504),
        },
      },
    },
    async (request) => {
      const header = (name: string) => {
        const value = request.headers[name]
        return typeof value === 'string' ? value : undefined
      }
      return app.paymentsService.mercadoPagoNotification(
        {
          orderId: request.query.orderId,
          dataId:
            request.query['data.id'] ??
            (request.body?.data?.id !== undefined ? String(request.body.data.id) : undefined),
          type: request.query.type ?? request.body?.type ?? request.query.topic,
          signature: header('x-signature'),
          requestId: header('x-request-id'),
        },
        request.log,
      )
    },
  )
}
