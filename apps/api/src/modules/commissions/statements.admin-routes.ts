import { adminStatementQuerySchema, statementSchema } from '@barrio/contracts/commissions'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/route-schemas.ts'

/**
 * /api/v1/admin/statements (and .csv): the selected store's monthly commission statement (x-store-id,
 * checked by requireStore and the permission guard, like the payments ledger; decision 045).
 */
export const adminStatementsRoutes: FastifyPluginAsyncZod = async function adminStatementsRoutes(
  app,
) {
  const tags = ['admin: payments']
  app.addHook('onRequest', app.requireStore)

  app.get(
    '/statements',
    {
      config: { permission: 'payments' },
      schema: {
        tags,
        description:
          "The month's orders, sales, platform commission, collected through Mercado Pago and balance owed.",
        querystring: adminStatementQuerySchema,
        response: { 200: statementSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.commissionsService.statement(request.store!.id, request.query.month),
  )

  app.get(
    '/statements.csv',
    {
      config: { permission: 'payments' },
      schema: {
        tags,
        description: 'The statement as CSV (UTF-8 with BOM, `;` separated), for Excel.',
        querystring: adminStatementQuerySchema,
        response: { 200: z.string(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { csv, filename } = await app.commissionsService.statementCsv(
        request.store!.id,
        request.query.month,
      )
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv)
    },
  )
}
