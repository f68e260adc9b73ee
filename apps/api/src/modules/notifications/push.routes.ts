import { messageSchema, pushTestInputSchema } from '@barrio/contracts/auth'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../lib/route-schemas.ts'

/** /api/v1/push: the app registers its push token and asks for a test notification. */
export const pushRoutes: FastifyPluginAsyncZod = async function pushRoutes(app) {
  app.post(
    '/test',
    {
      schema: {
        tags: ['push'],
        body: pushTestInputSchema,
        response: { 202: messageSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      await app.authService.recordPushToken(request.ctx, request.user?.id ?? null, request.body)
      return reply.status(202).send({ message: 'Enviamos una notificación de prueba.' })
    },
  )
}
