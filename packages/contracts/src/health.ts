import { z } from 'zod'

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  driver: z.enum(['pglite', 'postgres']),
  /**
   * The shared Redis (REDIS_URL), absent without it. `down` does not make the process unhealthy:
   * it serves, counting rate limits in its own memory until Redis is back (decision 021).
   */
  redis: z.enum(['up', 'down']).optional(),
  /**
   * The SMTP server of SMTP_URL (a TCP connection, checked at most every 30 s), absent without it.
   * `down` does not make the process unready either: the outbox keeps the e-mails and retries.
   */
  smtp: z.enum(['up', 'down']).optional(),
  version: z.string(),
  uptimeSeconds: z.number(),
})
export type Health = z.infer<typeof healthSchema>

/** GET /api/v1/health/live: the process runs and answers (a balancer's liveness probe). */
export const healthLiveSchema = z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number(),
})
export type HealthLive = z.infer<typeof healthLiveSchema>
