import rateLimit from '@fastify/rate-limit'
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../lib/errors.ts'

export type LimitRule = {
  /** Requests allowed per window and key. */
  max: number
  windowMs: number
  /** What one bucket counts: e.g. the client address and the account together. */
  key: (request: FastifyRequest) => string
}

declare module 'fastify' {
  interface FastifyInstance {
    /** A preHandler that answers 429 TOO_MANY_REQUESTS with Retry-After when the rule is exceeded. */
    limit(name: string, rule: LimitRule): preHandlerAsyncHookHandler
  }
}

/**
 * Rate limits on abuse-prone calls (login, codes, recovery). Counted in memory in one process, in
 * Redis when REDIS_URL is set (`app.redis`), so N processes share one budget per key. With Redis
 * unreachable a limit lets the call through (skipOnError) rather than failing every sign-in: the
 * per-account locks in the database still hold (decision 021).
 */
export const rateLimitPlugin = fp<{ redisPrefix: string }>(
  async function limits(app, opts) {
    await app.register(rateLimit, {
      global: false,
      ...(app.redis
        ? { redis: app.redis, nameSpace: `${opts.redisPrefix}rl:`, skipOnError: true }
        : {}),
    })
    app.decorate(
      'limit',
      function limit(name: string, rule: LimitRule): preHandlerAsyncHookHandler {
        const check = app.createRateLimit({
          max: rule.max,
          timeWindow: rule.windowMs,
          keyGenerator: (request) => `${name}|${rule.key(request)}`,
        })
        return async function rateLimited(request, reply) {
          const result = await check(request)
          if (result.isAllowed) return
          if (!result.isExceeded) return
          request.log.warn({ limit: name, key: result.key }, 'rate limit exceeded')
          void reply
          throw new AppError(
            'TOO_MANY_REQUESTS',
            `Demasiados intentos. Probá de nuevo en ${result.ttlInSeconds} segundos.`,
            { headers: { 'retry-after': String(result.ttlInSeconds) } },
          )
        }
      },
    )
  },
  { name: 'rate-limit', dependencies: ['bus'] },
)
