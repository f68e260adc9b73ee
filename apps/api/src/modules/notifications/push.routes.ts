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
 * for a test notification to a token it holds.
 */
export const pushRoutes: FastifyPluginAsyncZod = async function pushRoutes(app) {
  app.post(
    '/devices',
    {
      schema: {
        tags: ['push'],
        summary: "Registers or refreshes the push token of the signed-in user's current device",
        description:
          "A token on another account's device stays there (409): it moves only from the same device or the same account's.",
        body: pushDeviceInputSchema,
        response: { ...noContent, ...errorResponses(400, 401, 403, 409) },
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
        summary: 'Sends a test notification to a token the caller already holds',
        description:
          "Only a token on the caller's proven device or on one of the signed-in user's devices; any other token, unknown or someone else's, is a 404. Records nothing.",
        body: pushTestInputSchema,
        response: { 202: messageSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      await app.push.sendTest(request.ctx, request.user?.id ?? null, request.body)
      return reply.status(202).send({ message: 'Enviamos una notificación de prueba.' })
    },
  )
}
