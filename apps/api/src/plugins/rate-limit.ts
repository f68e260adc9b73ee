import { createRequire } from 'node:module'
import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit'
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import type { Redis } from 'ioredis'
import type { RedisConnection } from '../integrations/bus.ts'
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

// The plugin's own stores, which it does not export by name: the Redis one counts with its Lua
// script, the local one in an LRU map. `failoverStore` picks one per call.
const requireStore = createRequire(import.meta.url)
const RedisStore = requireStore('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => FastifyRateLimitStore
const LocalStore = requireStore('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => FastifyRateLimitStore

/**
 * Counts in Redis while its circuit is up, in this process's memory while it is down: an
 * unreachable Redis costs a call no wait (no command is even tried), and the limits still hold,
 * per process, until it is back. A command that fails anyway (the connection dropped under it,
 * or it timed out) is counted locally too, and tells the circuit.
 */
function failoverStore(
  redis: RedisConnection,
  remote: FastifyRateLimitStore,
  local: FastifyRateLimitStore,
): FastifyRateLimitStore {
  return {
    incr(key, callback, timeWindow, max) {
      if (!redis.isUp()) {
        local.incr(key, callback, timeWindow, max)
        return
      }
      remote.incr(
        key,
        (err, result) => {
          if (!err) return callback(null, result)
          redis.commandFailed(err)
          local.incr(key, callback, timeWindow, max)
        },
        timeWindow,
        max,
      )
    },
    child: (routeOptions) =>
      failoverStore(redis, remote.child(routeOptions), local.child(routeOptions)),
  }
}

/** The constructor the plugin's `store` option takes: it passes the plugin's settings. */
function failoverStoreClass(redis: RedisConnection, key: string): FastifyRateLimitStoreCtor {
  return class {
    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = params.continueExceeding ?? false
      const exponentialBackoff = params.exponentialBackoff ?? false
      return failoverStore(
        redis,
        new RedisStore(continueExceeding, exponentialBackoff, redis.client, key),
        new LocalStore(continueExceeding, exponentialBackoff),
      )
    }
  } as unknown as FastifyRateLimitStoreCtor
}

/**
 * Rate limits on abuse-prone calls (login, codes, recovery). Counted in memory in one process, in
 * Redis when REDIS_URL is set (`app.redis`), so N processes share one budget per key. While Redis
 * is unreachable the limits count in each process's memory (`failoverStore`) and no call waits for
 * Redis; the per-account locks in the database hold throughout (decisions 010, 021).
 */
export const rateLimitPlugin = fp<{ redisPrefix: string }>(
  async function limits(app, opts) {
    const redisOptions = app.redis
      ? {
          store: failoverStoreClass(app.redis, `${opts.redisPrefix}rl:`),
          // A failure the store did not catch must not fail a sign-in.
          skipOnError: true,
        }
      : {}
    await app.register(rateLimit, { global: false, ...redisOptions })
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
