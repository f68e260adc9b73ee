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
  version: z.string(),
  uptimeSeconds: z.number(),
})
export type Health = z.infer<typeof healthSchema>
