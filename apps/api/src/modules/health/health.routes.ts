import { healthLiveSchema, healthSchema, type Health } from '@barrio/contracts/health'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

const startedAt = Date.now()
const uptimeSeconds = () => Math.round((Date.now() - startedAt) / 1000)

/**
 * Health for a balancer (decision 060):
 * - GET /api/v1/health/live: 200 while the process answers, nothing else asked (liveness: restart
 *   the process when it stops answering);
 * - GET /api/v1/health/ready and GET /api/v1/health: which dependencies answer — a real round trip
 *   to the database, with REDIS_URL the Redis circuit's state (no round trip), with SMTP_URL a TCP
 *   connect to the mail server cached 30 s — and 503 when the database does not answer or the
 *   process is shutting down (readiness: send it no new requests). A down Redis or SMTP server
 *   leaves it ready: it serves (rate limits in memory, decision 021; e-mails wait in the outbox).
 */
export const healthRoutes: FastifyPluginAsyncZod = async function healthRoutes(app) {
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })

  async function readiness(): Promise<{ ready: boolean; body: Health }> {
    const [isUp, smtp] = await Promise.all([
      app.pingDatabase(),
      app.smtpReachability ? app.smtpReachability.status() : undefined,
    ])
    const ready = isUp && !closing
    return {
      ready,
      body: {
        status: ready ? 'ok' : 'degraded',
        database: isUp ? 'up' : 'down',
        driver: app.dbDriver,
        ...(app.redis ? { redis: app.redis.isUp() ? ('up' as const) : ('down' as const) } : {}),
        ...(smtp ? { smtp } : {}),
        version: '1.0.0',
        uptimeSeconds: uptimeSeconds(),
      },
    }
  }

  const readySchema = (summary: string) => ({
    tags: ['health'],
    summary,
    response: { 200: healthSchema, 503: healthSchema },
  })

  app.get(
    '/health',
    { schema: readySchema('Estado del servicio, de la base de datos, de Redis y del correo') },
    async (_request, reply) => {
      const { ready, body } = await readiness()
      return reply.status(ready ? 200 : 503).send(body)
    },
  )

  app.get(
    '/health/ready',
    { schema: readySchema('Si el proceso puede recibir pedidos (503 sin base de datos)') },
    async (_request, reply) => {
      const { ready, body } = await readiness()
      return reply.status(ready ? 200 : 503).send(body)
    },
  )

  app.get(
    '/health/live',
    {
      schema: {
        tags: ['health'],
        summary: 'Si el proceso está vivo y responde',
        response: { 200: healthLiveSchema },
      },
    },
    async () => ({ status: 'ok' as const, uptimeSeconds: uptimeSeconds() }),
  )
}
