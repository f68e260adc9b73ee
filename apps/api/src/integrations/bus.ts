import { randomUUID } from 'node:crypto'
import { EventEmitter } from 'node:events'
import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'

/**
 * A broadcast of small JSON messages to every API process (decision 021). `publish` delivers to
 * this process's subscribers at once (synchronously: the very next request here sees the effect)
 * and to every other process through Redis pub/sub when REDIS_URL is set. At-most-once and
 * fire-and-forget: a message published while Redis is unreachable reaches this process only, so
 * use it for "something changed, look again" signals (live pages, cache invalidation), never for
 * work that must happen (that is the outbox's job).
 *
 * Channels are plain strings named `<area>.<what>[:<id>]`, e.g. `orders.changed:<orderId>`,
 * `catalog.invalidate`. Payloads must survive JSON.stringify.
 */
export type Bus = {
  readonly mode: 'local' | 'redis'
  publish(channel: string, payload?: unknown): void
  /** Returns the unsubscribe function. A listener that throws is logged and does not stop others. */
  subscribe<T = unknown>(channel: string, listener: (payload: T) => void): () => void
  close(): Promise<void>
}

function createLocalFanOut(log: FastifyBaseLogger) {
  const emitter = new EventEmitter()
  // One listener per open live page: thousands per process are expected, not a leak.
  emitter.setMaxListeners(0)
  return {
    deliver(channel: string, payload: unknown) {
      for (const listener of emitter.listeners(channel)) {
        try {
          ;(listener as (p: unknown) => void)(payload)
        } catch (err) {
          log.warn({ err, channel }, 'bus listener failed')
        }
      }
    },
    subscribe<T>(channel: string, listener: (payload: T) => void) {
      emitter.on(channel, listener)
      return () => {
        emitter.off(channel, listener)
      }
    },
  }
}

/** One process: an in-memory fan-out (the embedded default). */
export function createLocalBus(log: FastifyBaseLogger): Bus {
  const local = createLocalFanOut(log)
  return {
    mode: 'local',
    publish: (channel, payload = null) => local.deliver(channel, payload),
    subscribe: local.subscribe,
    async close() {},
  }
}

type Envelope = { o: string; c: string; p: unknown }

/**
 * Every process subscribes once, at start, to the single Redis channel `<prefix>bus` and fans
 * messages out locally by their bus channel. One Redis subscription per process (not one per open
 * page) means nothing to await when a page subscribes, so no event can slip between a page's
 * subscription and Redis acknowledging it. A process skips its own messages (delivered locally).
 */
export async function createRedisBus(opts: {
  publisher: Redis
  url: string
  prefix: string
  log: FastifyBaseLogger
}): Promise<Bus> {
  const { publisher, prefix, log } = opts
  const origin = randomUUID()
  const channelName = `${prefix}bus`
  const local = createLocalFanOut(log)
  const subscriber = new Redis(opts.url, { lazyConnect: true, maxRetriesPerRequest: null })
  subscriber.on('error', (err) => log.warn({ err }, 'redis bus subscriber error'))
  await subscriber.connect()
  await subscriber.subscribe(channelName)
  subscriber.on('message', (_channel: string, raw: string) => {
    let envelope: Envelope
    try {
      envelope = JSON.parse(raw) as Envelope
    } catch {
      log.warn('malformed bus message ignored')
      return
    }
    if (envelope.o === origin || typeof envelope.c !== 'string') return
    local.deliver(envelope.c, envelope.p)
  })
  return {
    mode: 'redis',
    publish(channel, payload = null) {
      local.deliver(channel, payload)
      const envelope: Envelope = { o: origin, c: channel, p: payload }
      publisher
        .publish(channelName, JSON.stringify(envelope))
        .catch((err: unknown) => log.warn({ err, channel }, 'bus publish failed'))
    },
    subscribe: local.subscribe,
    async close() {
      subscriber.disconnect()
    },
  }
}

/**
 * The command connection shared by the rate limits and the bus's publisher. Connects at once so a
 * wrong REDIS_URL stops the start with a clear error instead of failing requests later; commands
 * give up after two reconnection attempts rather than holding requests while Redis is away.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 })
  client.on('error', (err) => log.warn({ err }, 'redis connection error'))
  try {
    await client.connect()
  } catch (err) {
    client.disconnect()
    throw new Error(`REDIS_URL: cannot connect to Redis (${String(err)})`)
  }
  return client
}
