import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import { AppError } from '../../lib/errors.ts'
import { outboxReport } from '../notifications/outbox-report.ts'

export const OPERATOR_TOKEN_HEADER = 'x-operator-token'

const digest = (value: string) => createHash('sha256').update(value).digest()

/**
 * GET /api/v1/operator/outbox: the outbox report as text, for `npm run barrio -- outbox` while
 * this process holds the embedded database (decision 039). Registered only when the server was
 * given a token (PGlite in DATA_DIR); the token travels in x-operator-token, and is read by the
 * CLI from the owner-only file the server writes next to the database (operator-access.ts).
 * Not in the OpenAPI document: it is no part of the product's API.
 */
export const operatorRoutes: FastifyPluginAsync<{ token: string }> = async (app, { token }) => {
  const expected = digest(token)
  app.addHook('onRequest', async (request) => {
    const sent = request.headers[OPERATOR_TOKEN_HEADER]
    if (typeof sent !== 'string' || !timingSafeEqual(digest(sent), expected))
      throw new AppError('FORBIDDEN')
  })
  app.get('/outbox', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(await outboxReport(app.outbox)),
  )
}
