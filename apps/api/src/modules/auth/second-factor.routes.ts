import {
  totpEnrolmentSchema,
  totpVerifyInputSchema,
  totpVerifyResultSchema,
} from '@barrio/contracts/operator'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../lib/route-schemas.ts'

/** /api/v1/auth/totp: the second factor (issue 24, decision 043). */
export const secondFactorRoutes: FastifyPluginAsyncZod = async function secondFactorRoutes(app) {
  const tags = ['auth']
  // Guessing codes from many addresses is limited by the account's attempts (the service); this
  // limits one address's requests as the sign-in routes do.
  const perIp = app.limit('totp-ip', { max: 30, windowMs: 60_000, key: (r) => r.ip })

  app.post(
    '/enrol',
    {
      schema: {
        tags,
        response: { 200: totpEnrolmentSchema, ...errorResponses(401, 403, 409) },
      },
      preHandler: [app.requireUser, perIp],
    },
    async (request) => {
      const enrolment = await app.secondFactorService.enrol(request.user!.id)
      request.log.info({ userId: request.user!.id }, 'second factor: enrolment started')
      return enrolment
    },
  )

  app.post(
    '/verify',
    {
      schema: {
        tags,
        body: totpVerifyInputSchema,
        response: { 200: totpVerifyResultSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
      preHandler: [app.requireUser, perIp],
    },
    async (request) => {
      const result = await app.secondFactorService.verify(
        request.user!.id,
        request.sessionId!,
        request.body.code,
      )
      request.log.info(
        { userId: request.user!.id, enrolled: result.recoveryCodes !== null },
        'second factor: session confirmed',
      )
      return result
    },
  )
}
