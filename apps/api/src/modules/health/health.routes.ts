import { healthSchema } from '@barrio/contracts/health'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

const startedAt = Date.now()

/**
 * GET /api/v1/health: liveness plus a real round trip to the database (503 when it fails), and
 * with REDIS_URL the Redis circuit's state (no round trip: a down Redis leaves the process
 * serving, so it answers 200).
 */
export const healthRoutes: FastifyPluginAsyncZod = async function healthRoutes(app) {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Estado del servicio, de la base de datos y de Redis',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const isUp = await app.pingDatabase()
      return reply.status(isUp ? 200 : 503).send({
        status: isUp ? 'ok' : 'degraded',
        database: isUp ? 'up' : 'down',
        driver: app.dbDriver,
        ...(app.redis ? { redis: app.redis.isUp() ? ('up' as const) : ('down' as const) } : {}),
        version: '1.0.0',
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      })
    },
  )
}
