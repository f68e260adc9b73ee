import {
  adminPaymentExportQuerySchema,
  adminPaymentListQuerySchema,
  adminPaymentPageSchema,
  adminPaymentSummaryQuerySchema,
  adminPaymentSummarySchema,
} from '@barrio/contracts/admin-payments'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/route-schemas.ts'

/**
 * /api/v1/admin/payments: the selected store's payments ledger (x-store-id, checked by
 * requireStore; the parent scope already required an admin). Decision 018.
 */
export const adminPaymentsRoutes: FastifyPluginAsyncZod = async function adminPaymentsRoutes(app) {
  const tags = ['admin: payments']
  app.addHook('onRequest', app.requireStore)

  app.get(
    '/',
    {
      config: { permission: 'payments' },
      schema: {
        tags,
        querystring: adminPaymentListQuerySchema,
        response: { 200: adminPaymentPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.paymentsService.list(request.store!.id, request.query),
  )
  app.get(
    '/summary',
    {
      config: { permission: 'payments' },
      schema: {
        tags,
        querystring: adminPaymentSummaryQuerySchema,
        response: { 200: adminPaymentSummarySchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.paymentsService.summary(request.store!.id, request.query),
  )
  app.get(
    '/export',
    {
      config: { permission: 'payments' },
      schema: {
        tags,
        description: 'The filtered ledger as CSV (UTF-8 with BOM, `;` separated), for Excel.',
        querystring: adminPaymentExportQuerySchema,
        response: { 200: z.string(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const csv = await app.paymentsService.exportCsv(request.store!.id, request.query.query)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="pagos.csv"')
        .header('cache-control', 'no-store')
        .send(csv)
    },
  )
}
