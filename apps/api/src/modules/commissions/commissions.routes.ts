import {
  commissionSettingsInputSchema,
  commissionSettingsSchema,
  commissionStoreListSchema,
  commissionStoreSearchQuerySchema,
  operatorStatementQuerySchema,
  statementSchema,
} from '@barrio/contracts/commissions'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/route-schemas.ts'

/**
 * /api/v1/operator/commissions and /api/v1/operator/statements (issue 24, decision 045):
 * operators only, second factor confirmed. Refused at onRequest, before the input is read, so a
 * stranger learns nothing from a validation answer.
 */
export const operatorCommissionsRoutes: FastifyPluginAsyncZod =
  async function operatorCommissionsRoutes(app) {
    const tags = ['operator']
    app.addHook('onRequest', app.requireOperator)

    app.get(
      '/commissions',
      {
        schema: {
          tags,
          description: 'The commission rates in basis points: store over category over default.',
          response: { 200: commissionSettingsSchema, ...errorResponses(401, 403) },
        },
      },
      async () => app.commissionsService.settings(),
    )

    app.put(
      '/commissions',
      {
        schema: {
          tags,
          description: 'Replaces every rate; orders placed from now on record the new ones.',
          body: commissionSettingsInputSchema,
          response: { 200: commissionSettingsSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const saved = await app.commissionsService.saveSettings(request.body, request.user!.id)
        request.log.info(
          {
            operatorId: request.user!.id,
            defaultRateBp: saved.defaultRateBp,
            categories: Object.keys(saved.byCategory).length,
            stores: saved.byStore.length,
          },
          'commission rates saved',
        )
        return saved
      },
    )

    app.get(
      '/commissions/stores',
      {
        schema: {
          tags,
          description: 'Stores by name or handle (20 at most), with the rate they pay now.',
          querystring: commissionStoreSearchQuerySchema,
          response: { 200: commissionStoreListSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => app.commissionsService.searchStores(request.query.q),
    )

    app.get(
      '/statements',
      {
        schema: {
          tags,
          description:
            "A store's Buenos Aires calendar month: orders, sales, commission, collected, balance.",
          querystring: operatorStatementQuerySchema,
          response: { 200: statementSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        app.commissionsService.statement(request.query.storeId, request.query.month),
    )

    app.get(
      '/statements.csv',
      {
        schema: {
          tags,
          description: 'The statement as CSV (UTF-8 with BOM, `;` separated), for Excel.',
          querystring: operatorStatementQuerySchema,
          response: { 200: z.string(), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { csv, filename } = await app.commissionsService.statementCsv(
          request.query.storeId,
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
