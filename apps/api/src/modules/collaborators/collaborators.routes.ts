import { invitationAcceptedSchema, invitationSchema } from '@barrio/contracts/admin-collaborators'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/route-schemas.ts'

const tokenParams = z.object({
  token: z
    .string()
    .min(20, 'El enlace de la invitación no es válido')
    .max(100, 'El enlace de la invitación no es válido')
    .regex(/^[\w-]+$/, 'El enlace de la invitación no es válido'),
})

/**
 * /api/v1/auth/invitations/{token}: the invitation page reads the invitation (no session needed:
 * the token is the secret), and a signed-in user accepts it (decision 029).
 */
export const invitationsRoutes: FastifyPluginAsyncZod = async function invitationsRoutes(app) {
  const tags = ['auth: invitations']
  app.get(
    '/:token',
    {
      schema: {
        tags,
        params: tokenParams,
        response: { 200: invitationSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => app.collaboratorsService.preview(request.params.token),
  )
  app.post(
    '/:token/accept',
    {
      preHandler: [app.requireUser],
      schema: {
        tags,
        params: tokenParams,
        response: {
          200: invitationAcceptedSchema,
          ...errorResponses(400, 401, 403, 404, 409, 410),
        },
      },
    },
    async (request) => {
      const accepted = await app.collaboratorsService.accept(request.params.token, request.user!)
      request.log.info(
        { storeId: accepted.store._id, userId: request.user!.id, role: accepted.role },
        'invitation accepted',
      )
      return accepted
    },
  )
}
