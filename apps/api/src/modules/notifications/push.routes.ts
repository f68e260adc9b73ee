import { messageSchema } from '@barrio/contracts/auth'
import {
  pushDeviceInputSchema,
  pushDeviceParamsSchema,
  pushTestInputSchema,
} from '@barrio/contracts/push'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses, noContent } from '../../lib/route-schemas.ts'

/**
 * /api/v1/push: the app registers its device's push token (and removes it on sign-out), and asks
 * for a test notification.
 */
export const pushRoutes: FastifyPluginAsyncZod = async function pushRoutes(app) {
  app.post(
    '/devices',
    {
      schema: {
        tags: ['push'],
        summary: "Registers or refreshes the push token of the signed-in user's current device",
        body: pushDeviceInputSchema,
        response: { ...noContent, ...errorResponses(400, 401, 403) },
      },
      preHandler: [app.requireUser],
    },
    async (request, reply) => {
      await app.push.registerDevice(request.ctx, request.user!.id, request.body)
      return reply.status(204).send(null)
    },
  )

  app.delete(
    '/devices/:deviceToken',
    {
      schema: {
        tags: ['push'],
        summary: "Removes a push token from the caller's device or devices (sign-out)",
        params: pushDeviceParamsSchema,
        response: { ...noContent, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      await app.push.unregisterDevice(
        request.ctx,
        request.user?.id ?? null,
        request.params.deviceToken,
      )
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/test',
    {
      schema: {
        tags: ['push'],
        body: pushTestInputSchema,
        response: { 202: messageSchema, ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      await app.push.sendTest(request.ctx, request.user?.id ?? null, request.body)
      return reply.status(202).send({ message: 'Enviamos una notificación de prueba.' })
    },
  )
}
