import {
  operatorOverviewQuerySchema,
  operatorOverviewSchema,
} from '@barrio/contracts/operator-overview'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../lib/route-schemas.ts'

/**
 * /api/v1/operator/overview (issue 24, decision 048): operators only, second factor confirmed.
 * Refused at onRequest, before the range is read.
 */
export const cityOverviewRoutes: FastifyPluginAsyncZod = async function cityOverviewRoutes(app) {
  app.addHook('onRequest', app.requireOperator)

  app.get(
    '/overview',
    {
      schema: {
        tags: ['operator'],
        description:
          'The city at a glance: GMV, orders, commission, stores and customers over a range of Buenos Aires days (the last 30 without from/to), per day, province, city and category, and the top 10 stores.',
        querystring: operatorOverviewQuerySchema,
        response: { 200: operatorOverviewSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.cityOverviewService.get(request.query),
  )
}
