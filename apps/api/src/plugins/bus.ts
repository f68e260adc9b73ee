import fp from 'fastify-plugin'
import {
  connectRedis,
  createLocalBus,
  createRedisBus,
  type Bus,
  type RedisConnection,
} from '../integrations/bus.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Cross-process broadcast (integrations/bus.ts): `app.bus.publish(channel, payload)` and
     * `app.bus.subscribe(channel, listener)`. In memory without REDIS_URL, Redis pub/sub with it.
     */
    bus: Bus
    /**
     * The shared Redis command connection (rate limits, the bus's publisher) and its circuit
     * (`isUp()`: skip Redis while it is down), or null without REDIS_URL.
     */
    redis: RedisConnection | null
  }
}

/**
 * Connects to Redis when REDIS_URL is set (the N-process deployment) and decorates the bus. Closed
 * last: registered before the modules, so its onClose runs after theirs.
 */
export const busPlugin = fp<{ redisUrl: string | undefined; redisPrefix: string }>(
  async function bus(app, opts) {
    if (!opts.redisUrl) {
      app.decorate('redis', null)
      app.decorate('bus', createLocalBus(app.log))
      return
    }
    const redis = await connectRedis(opts.redisUrl, app.log)
    const bus = await createRedisBus({
      publisher: redis.client,
      circuit: redis,
      url: opts.redisUrl,
      prefix: opts.redisPrefix,
      log: app.log,
    })
    app.decorate('redis', redis)
    app.decorate('bus', bus)
    app.addHook('onClose', async () => {
      await bus.close()
      await redis.close()
    })
  },
  { name: 'bus' },
)
