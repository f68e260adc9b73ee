import {
  analyticsExportQuerySchema,
  analyticsRangeSchema,
  analyticsSchema,
} from '@barrio/contracts/analytics'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../lib/route-schemas.ts'

/**
 * /api/v1/admin/analytics: the selected store's figures (x-store-id, checked by requireStore; the
 * parent scope already required an admin). Another store's id answers 403.
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async function analyticsRoutes(app) {
  const tags = ['admin: analytics']
  app.addHook('onRequest', app.requireStore)

  app.get(
    '/',
    {
      config: { permission: 'analytics' },
      schema: {
        tags,
        querystring: analyticsRangeSchema,
        response: { 200: analyticsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.analyticsService.get(request.store!.id, request.query),
  )

  app.get(
    '/export',
    {
      config: { permission: 'analytics' },
      schema: {
        tags,
        description:
          'One table of the figures as text/csv: UTF-8 with BOM, `;` separated, amounts in pesos with a decimal comma (decision 017).',
        querystring: analyticsExportQuerySchema,
        // 200 is text/csv, not JSON: only the errors are described.
        response: errorResponses(400, 401, 403),
      },
    },
    async (request, reply) => {
      const { table, ...range } = request.query
      const csv = await app.analyticsService.exportCsv(request.store!.id, range, table)
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.filename}"`)
        .send(csv.text)
    },
  )
}
