import { auditListQuerySchema, auditPageSchema } from '@barrio/contracts/audit'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../lib/route-schemas.ts'

/**
 * /api/v1/operator/audit: the audit log, newest first, filtered by action, store, actor and Buenos
 * Aires days (issue 24, decision 047). Operators only, second factor confirmed; refused at
 * onRequest, before the filters are read.
 */
export const operatorAuditRoutes: FastifyPluginAsyncZod = async function operatorAuditRoutes(app) {
  app.addHook('onRequest', app.requireOperator)

  app.get(
    '/',
    {
      schema: {
        tags: ['operator'],
        description:
          'Who did what and when: operator actions and sensitive seller actions, with the state before and after (secrets masked).',
        querystring: auditListQuerySchema,
        response: { 200: auditPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => app.auditService.list(request.query),
  )
}
