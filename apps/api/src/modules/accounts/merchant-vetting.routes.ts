import {
  operatorApplicationListQuerySchema,
  operatorApplicationPageSchema,
  operatorApplicationSchema,
  rejectApplicationInputSchema,
} from '@barrio/contracts/operator'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/route-schemas.ts'

const params = z.object({ id: z.uuid({ error: 'El identificador de la solicitud no es válido' }) })

/**
 * /api/v1/operator/merchant-applications: the operator's queue of merchant applications (issue
 * 24). Operators only, with their second factor confirmed in the session.
 */
export const merchantVettingRoutes: FastifyPluginAsyncZod = async function merchantVettingRoutes(
  app,
) {
  const tags = ['operator']
  app.addHook('preHandler', app.requireOperator)

  app.get(
    '/',
    {
      schema: {
        tags,
        querystring: operatorApplicationListQuerySchema,
        response: { 200: operatorApplicationPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.accountsService.listApplications(request.query),
  )

  app.post(
    '/:id/approve',
    {
      schema: {
        tags,
        params,
        response: { 200: operatorApplicationSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const decided = await app.accountsService.approveApplication(
        request.params.id,
        request.user!.id,
      )
      request.log.info(
        { applicationId: decided._id, operatorId: request.user!.id },
        'merchant application approved',
      )
      return decided
    },
  )

  app.post(
    '/:id/reject',
    {
      schema: {
        tags,
        params,
        body: rejectApplicationInputSchema,
        response: { 200: operatorApplicationSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const decided = await app.accountsService.rejectApplication(
        request.params.id,
        request.user!.id,
        request.body.reason,
      )
      request.log.info(
        { applicationId: decided._id, operatorId: request.user!.id },
        'merchant application rejected',
      )
      return decided
    },
  )
}
