import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { withdrawalReceiptSchema, withdrawalRequestSchema } from '@barrio/contracts/withdrawals'
import { errorResponses } from '../../lib/route-schemas.ts'

/** Requests per client address, and per e-mail, in ten minutes: enough for typos, not for guessing. */
const WINDOW_MS = 10 * 60_000

/**
 * POST /api/v1/withdrawals: the botón de arrepentimiento (issue 27). No sign-in: the order number
 * and the e-mail of the purchase identify it. Rate-limited per client address and per e-mail.
 */
export const withdrawalsRoutes: FastifyPluginAsyncZod<{ perIpMax: number; perEmailMax: number }> =
  async function withdrawalsRoutes(app, { perIpMax, perEmailMax }) {
    const perIp = app.limit('withdrawal-ip', {
      max: perIpMax,
      windowMs: WINDOW_MS,
      key: (r) => r.ip,
    })
    const perEmail = app.limit('withdrawal-email', {
      max: perEmailMax,
      windowMs: WINDOW_MS,
      key: (r) => (r.body as { email?: string } | undefined)?.email ?? '',
    })
    app.post(
      '/',
      {
        preHandler: [perIp, perEmail],
        schema: {
          tags: ['withdrawals'],
          body: withdrawalRequestSchema,
          response: { 201: withdrawalReceiptSchema, ...errorResponses(400, 422, 429) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await app.withdrawalsService.request(request.body)),
    )
  }
