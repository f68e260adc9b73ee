import {
  accountChangePasswordInputSchema,
  merchantApplicationInputSchema,
  merchantApplicationSchema,
  messageSchema,
  profileUpdateInputSchema,
} from '@barrio/contracts/auth'
import { userSchema } from '@barrio/contracts/users'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { setUserCookie } from '../auth/session-cookies.ts'
import { toUserDto } from '../users/users.service.ts'
import { errorResponses } from '../../lib/route-schemas.ts'

const tags = ['account']
const userIdParams = z.object({ userId: z.uuid({ error: 'El id de usuario no es válido' }) })

/** /api/v1/account: the signed-in user's own profile, password and merchant application. */
export const accountsRoutes: FastifyPluginAsyncZod = async function accountsRoutes(app) {
  app.addHook('preHandler', app.requireUser)

  app.post(
    '/change-password',
    {
      schema: {
        tags,
        body: accountChangePasswordInputSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { oldPassword, newPassword } = request.body
      await app.authService.changePassword(
        request.user!.id,
        request.sessionId!,
        oldPassword,
        newPassword,
      )
      return { message: 'Tu contraseña se cambió. Cerramos tus otras sesiones.' }
    },
  )

  app.get(
    '/:userId',
    {
      schema: {
        tags,
        params: userIdParams,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      toUserDto(await app.accountsService.getOwn(request.user!.id, request.params.userId)),
  )

  app.put(
    '/:userId',
    {
      schema: {
        tags,
        params: userIdParams,
        body: profileUpdateInputSchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = await app.accountsService.updateProfile(
        request.user!.id,
        request.params.userId,
        request.body,
      )
      setUserCookie(reply, user, app.secureCookies)
      return toUserDto(user)
    },
  )

  app.post(
    '/:userId/apply_for_merchant',
    {
      schema: {
        tags,
        params: userIdParams,
        body: merchantApplicationInputSchema,
        response: {
          201: z.object({ application: merchantApplicationSchema, user: userSchema }),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { application, user } = await app.accountsService.applyForMerchant(
        request.user!.id,
        request.params.userId,
        request.body,
      )
      request.log.info({ userId: user.id, status: application.status }, 'merchant application')
      setUserCookie(reply, user, app.secureCookies)
      return reply.status(201).send({
        application: {
          _id: application.id,
          status: application.status,
          businessName: application.businessName,
          createdAt: application.createdAt.toISOString(),
        },
        user: toUserDto(user),
      })
    },
  )
}
