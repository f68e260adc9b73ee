import {
  collaboratorInviteInputSchema,
  collaboratorListQuerySchema,
  collaboratorPageSchema,
  collaboratorRoleInputSchema,
  collaboratorSchema,
} from '@barrio/contracts/admin-collaborators'
import { buildPage } from '@barrio/contracts/pagination'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses, noContent } from '../../lib/route-schemas.ts'

const idParams = z.object({ id: z.uuid({ error: 'El id no es válido' }) })
/** Only the owner manages the team (decision 029). */
const config = { permission: 'collaborators' } as const

/**
 * /api/v1/admin/collaborators: the selected store's team (x-store-id): the owner, its members and
 * pending invitations. `{id}` is a member's or an invitation's id (the owner's user id for them).
 */
export const adminCollaboratorsRoutes: FastifyPluginAsyncZod =
  async function adminCollaboratorsRoutes(app) {
    const tags = ['admin: collaborators']
    app.addHook('onRequest', app.requireStore)

    app.get(
      '/',
      {
        config,
        schema: {
          tags,
          querystring: collaboratorListQuerySchema,
          response: { 200: collaboratorPageSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const { docs, total } = await app.collaboratorsService.list(
          request.store!.id,
          request.query,
        )
        return buildPage(docs, total, request.query)
      },
    )
    app.post(
      '/',
      {
        config,
        schema: {
          tags,
          body: collaboratorInviteInputSchema,
          response: { 201: collaboratorSchema, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request, reply) => {
        const invitation = await app.collaboratorsService.invite(
          request.store!.id,
          request.user!,
          request.body,
        )
        request.log.info(
          { storeId: request.store!.id, invitationId: invitation._id, role: invitation.role },
          'collaborator invited',
        )
        return reply.status(201).send(invitation)
      },
    )
    app.get(
      '/:id',
      {
        config,
        schema: {
          tags,
          params: idParams,
          response: { 200: collaboratorSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => app.collaboratorsService.get(request.store!.id, request.params.id),
    )
    app.put(
      '/:id',
      {
        config,
        schema: {
          tags,
          params: idParams,
          body: collaboratorRoleInputSchema,
          response: { 200: collaboratorSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        app.collaboratorsService.changeRole(
          request.store!.id,
          request.params.id,
          request.body.role,
          request.user!.id,
        ),
    )
    app.delete(
      '/:id',
      {
        config,
        schema: {
          tags,
          params: idParams,
          response: { ...noContent, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        await app.collaboratorsService.remove(
          request.store!.id,
          request.params.id,
          request.user!.id,
        )
        return reply.status(204).send(null)
      },
    )
    app.post(
      '/:id/resend',
      {
        config,
        schema: {
          tags,
          params: idParams,
          response: { 200: collaboratorSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        app.collaboratorsService.resend(request.store!.id, request.params.id, request.user!),
    )
  }
