import {
  changePasswordWithTokenInputSchema,
  deviceInfoQuerySchema,
  handoffInputSchema,
  loginInputSchema,
  messageSchema,
  pwlessLoginInputSchema,
  pwlessVerifyInputSchema,
  recoverTokenInputSchema,
  registerInputSchema,
  resetPasswordInputSchema,
  verifyEmailInputSchema,
  verifyEmailResponseSchema,
} from '@barrio/contracts/auth'
import {
  deviceIdResponseSchema,
  noSessionSchema,
  sessionQuerySchema,
  userSchema,
} from '@barrio/contracts/users'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { toUserDto } from '../users/users.service.ts'
import { signInContext } from './auth.plugin.ts'
import {
  clearSessionCookies,
  SESSION_COOKIE,
  setSessionCookies,
  setUserCookie,
} from './session-cookies.ts'
import { errorResponses } from '../../lib/route-schemas.ts'

export type AuthLimits = {
  accountMax: number
  accountWindowMs: number
  ipMax: number
  /** New device ids per client address per minute. */
  deviceIdMax: number
}

const tags = ['auth']
const bodyField = (request: FastifyRequest, name: string) => {
  const value = (request.body as Record<string, unknown> | undefined)?.[name]
  return typeof value === 'string' ? value.trim().toLowerCase() : ''
}

/**
 * /api/v1/auth: registration, sign-in by password or emailed code, recovery, sessions, devices
 * and the native handoff. Rate limits key on the client address and the account together.
 */
export const authRoutes: FastifyPluginAsyncZod<{ limits: AuthLimits }> = async function authRoutes(
  app,
  { limits },
) {
  const perIp = app.limit('auth-ip', { max: limits.ipMax, windowMs: 60_000, key: (r) => r.ip })
  const newDevicesPerIp = app.limit('device-id', {
    max: limits.deviceIdMax,
    windowMs: 60_000,
    key: (r) => r.ip,
  })
  const perAccount = (field: string) =>
    app.limit(`auth-${field}`, {
      max: limits.accountMax,
      windowMs: limits.accountWindowMs,
      key: (r) => `${r.ip}|${bodyField(r, field)}`,
    })

  app.post(
    '/register',
    {
      schema: {
        tags,
        body: registerInputSchema,
        response: { 201: userSchema, ...errorResponses(400, 409, 429) },
      },
      preHandler: [perIp],
    },
    async (request, reply) => {
      const user = await app.authService.register(request.body)
      request.log.info({ userId: user.id }, 'account registered')
      return reply.status(201).send(toUserDto(user))
    },
  )

  app.post(
    '/signup',
    {
      schema: {
        tags,
        body: registerInputSchema,
        response: { 201: userSchema, ...errorResponses(400, 409, 429) },
      },
      preHandler: [perIp],
    },
    async (request, reply) => {
      await app.authService.register(request.body)
      const { token, user } = await app.authService.login(
        request.body.email,
        request.body.password,
        signInContext(request),
      )
      setSessionCookies(reply, token, user, app.secureCookies)
      return reply.status(201).send(toUserDto(user))
    },
  )

  app.post(
    '/login',
    {
      schema: {
        tags,
        body: loginInputSchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 429) },
      },
      preHandler: [perIp, perAccount('userName')],
    },
    async (request, reply) => {
      const { token, user } = await app.authService.login(
        request.body.userName,
        request.body.password,
        signInContext(request),
      )
      request.log.info({ userId: user.id }, 'signed in with password')
      setSessionCookies(reply, token, user, app.secureCookies)
      return toUserDto(user)
    },
  )

  app.post(
    '/logout',
    { schema: { tags, response: { 200: messageSchema, ...errorResponses(400) } } },
    async (request, reply) => {
      await app.authService.logout(request.cookies[SESSION_COOKIE])
      // The signed-out person's pushes must not reach whoever uses this device next.
      if (request.ctx.deviceTrusted) await app.push.forgetDevice(request.ctx.deviceId)
      app.sessionEvents.ended({ sessionId: request.sessionId, userId: request.user?.id ?? null })
      clearSessionCookies(reply)
      return { message: 'Cerraste sesión.' }
    },
  )

  app.get(
    '/session',
    {
      schema: {
        tags,
        querystring: sessionQuerySchema,
        response: { 200: z.union([userSchema, noSessionSchema]), ...errorResponses(400, 401, 403) },
      },
      // With ?optional=true a visitor without a session cookie is answered { user: null } (200);
      // a dead session is refused either way (403 + auth-forbidden marker, spec section 6).
      preHandler: async (request, reply) => {
        if (request.query.optional === 'true' && request.sessionState === 'none') return
        await app.requireUser(request, reply)
      },
    },
    async (request) => (request.user ? toUserDto(request.user) : { user: null }),
  )

  app.get(
    '/gen-device-id',
    {
      schema: {
        tags,
        querystring: deviceInfoQuerySchema,
        response: { 200: deviceIdResponseSchema, ...errorResponses(400, 429) },
      },
      preHandler: [newDevicesPerIp],
    },
    async (request) => {
      const uuid = await app.authService.recordDevice(
        request.ctx,
        request.query,
        request.user?.id ?? null,
      )
      return { uuid, token: app.signDeviceId(uuid) }
    },
  )

  app.post(
    '/pwless/login',
    {
      schema: {
        tags,
        body: pwlessLoginInputSchema,
        response: { 200: messageSchema, ...errorResponses(400, 429, 502) },
      },
      preHandler: [perIp, perAccount('email')],
    },
    async (request) => {
      await app.authService.requestLoginCode(request.body.email)
      return { message: `Te enviamos un código a ${request.body.email}.` }
    },
  )

  app.post(
    '/pwless/verify',
    {
      schema: {
        tags,
        body: pwlessVerifyInputSchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
      preHandler: [perIp, perAccount('email')],
    },
    async (request, reply) => {
      const { token, user } = await app.authService.verifyLoginCode(
        request.body.email,
        request.body.code,
        signInContext(request),
      )
      request.log.info({ userId: user.id, isNew: user.needsProfile }, 'signed in with emailed code')
      setSessionCookies(reply, token, user, app.secureCookies)
      return toUserDto(user)
    },
  )

  const recoveryMessage =
    'Si el usuario existe, se ha enviado un correo para recuperar la contraseña.'
  app.post(
    '/reset-password',
    {
      schema: {
        tags,
        body: resetPasswordInputSchema,
        response: { 200: messageSchema, ...errorResponses(400, 429) },
      },
      preHandler: [perIp, perAccount('email')],
    },
    async (request) => {
      await app.authService.requestPasswordReset(request.body.email)
      return { message: recoveryMessage }
    },
  )

  app.post(
    '/verify-recover-password-token',
    {
      schema: {
        tags,
        body: recoverTokenInputSchema,
        response: {
          200: z.object({ valid: z.literal(true), email: z.string() }),
          ...errorResponses(400, 404, 429),
        },
      },
      preHandler: [perIp],
    },
    async (request) => ({
      valid: true as const,
      ...(await app.authService.verifyPasswordResetToken(request.body.token)),
    }),
  )

  app.post(
    '/change-password',
    {
      schema: {
        tags,
        body: changePasswordWithTokenInputSchema,
        response: { 200: messageSchema, ...errorResponses(400, 404, 429) },
      },
      preHandler: [perIp],
    },
    async (request) => {
      await app.authService.resetPasswordWithToken(request.body.token, request.body.password)
      return { message: 'Tu contraseña se cambió. Ya podés iniciar sesión.' }
    },
  )

  app.post(
    '/verify-email',
    {
      schema: {
        tags,
        body: verifyEmailInputSchema,
        response: { 200: verifyEmailResponseSchema, ...errorResponses(400, 404, 429) },
      },
      preHandler: [perIp],
    },
    async (request, reply) => {
      const user = await app.authService.verifyEmail(request.body.token)
      request.log.info({ userId: user.id }, 'email verified by link')
      // The browser signed in as this user keeps a readable user cookie that says so.
      if (request.user?.id === user.id) setUserCookie(reply, user, app.secureCookies)
      return { message: `Verificamos tu correo ${user.email}. ¡Gracias!`, email: user.email }
    },
  )

  app.post(
    '/verify-email/resend',
    {
      schema: {
        tags,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
      preHandler: [app.requireUser, perIp],
    },
    async (request) => {
      const email = await app.authService.resendVerificationEmail(request.user!.id)
      return { message: `Te enviamos un enlace de verificación a ${email}.` }
    },
  )

  app.post(
    '/handoff',
    {
      schema: {
        tags,
        body: handoffInputSchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 404, 429) },
      },
      preHandler: [perIp],
    },
    async (request, reply) => {
      const { token, user } = await app.authService.redeemHandoff(
        request.body.handoff,
        signInContext(request),
      )
      request.log.info({ userId: user.id }, 'native handoff redeemed')
      setSessionCookies(reply, token, user, app.secureCookies)
      return toUserDto(user)
    },
  )
}
