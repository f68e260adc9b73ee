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
  /**
   * Observers the metrics plugin sets (plugins/metrics.ts). `onRemoteMessage`: a message from
   * another process arrived, `lagMs` after it was published there (the two clocks' skew included).
   */
  readonly hooks: { onRemoteMessage: (lagMs: number) => void }
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
    hooks: { onRemoteMessage: () => {} },
  }
}

/** Origin process, bus channel, payload, and when it was published (ms since the epoch). */
type Envelope = { o: string; c: string; p: unknown; t?: number }

/**
 * Every process subscribes once, at start, to the single Redis channel `<prefix>bus` and fans
 * messages out locally by their bus channel. One Redis subscription per process (not one per open
 * page) means nothing to await when a page subscribes, so no event can slip between a page's
 * subscription and Redis acknowledging it. A process skips its own messages (delivered locally).
 */
export async function createRedisBus(opts: {
  publisher: Redis
  /** The publisher's circuit (connectRedis): while down, a message stays in this process. */
  circuit?: Pick<RedisConnection, 'isUp' | 'commandFailed'>
  url: string
  prefix: string
  log: FastifyBaseLogger
}): Promise<Bus> {
  const { publisher, prefix, log } = opts
  const origin = randomUUID()
  const channelName = `${prefix}bus`
  const local = createLocalFanOut(log)
  const hooks: Bus['hooks'] = { onRemoteMessage: () => {} }
  const subscriber = new Redis(opts.url, { lazyConnect: true, maxRetriesPerRequest: null })
  // It reconnects and resubscribes on its own; the command connection's circuit logs the outage.
  subscriber.on('error', (err) => log.debug({ err }, 'redis bus subscriber error'))
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
    if (typeof envelope.t === 'number') hooks.onRemoteMessage(Math.max(0, Date.now() - envelope.t))
    local.deliver(envelope.c, envelope.p)
  })
  return {
    mode: 'redis',
    publish(channel, payload = null) {
      local.deliver(channel, payload)
      // Redis away: nothing is sent or queued, the request goes on (at-most-once, decision 021).
      if (opts.circuit && !opts.circuit.isUp()) return
      const envelope: Envelope = { o: origin, c: channel, p: payload, t: Date.now() }
      publisher.publish(channelName, JSON.stringify(envelope)).catch((err: unknown) => {
        opts.circuit?.commandFailed(err)
        log.debug({ err, channel }, 'bus publish failed')
      })
    },
    subscribe: local.subscribe,
    async close() {
      subscriber.disconnect()
    },
    hooks,
  }
}

/** How long one command on the shared connection may take before Redis counts as hanging. */
export const REDIS_COMMAND_TIMEOUT_MS = 500

/**
 * The command connection shared by the rate limits and the bus's publisher, with a circuit that
 * says whether Redis may be asked at all. Callers ask `isUp()` and skip Redis while it is down
 * (the limits count in this process, a bus message reaches this process only), so an unreachable
 * Redis costs a request nothing: no command waits in a queue for a reconnection
 * (`enableOfflineQueue: false`), a command caught by a dropped connection fails at once
 * (`maxRetriesPerRequest: 0`), and one that gets no answer on a connection that looks open (a
 * stalled server, a network partition) fails after REDIS_COMMAND_TIMEOUT_MS and makes the client
 * reconnect. ioredis keeps reconnecting in the background (its default retry strategy, at most
 * every 2 s); the circuit closes again on the connection's `ready`. The process logs one line when
 * Redis goes and one when it is back, not one per failed command or reconnection attempt.
 */
export type RedisConnection = {
  readonly client: Redis
  isUp(): boolean
  /** A command failed: a timeout on a connection that still looks open opens the circuit. */
  commandFailed(err: unknown): void
  close(): Promise<void>
}

/**
 * Connects at once so a wrong REDIS_URL stops the start with a clear error instead of failing
 * requests later.
 */
export async function connectRedis(
  url: string,
  log: FastifyBaseLogger,
  { commandTimeoutMs = REDIS_COMMAND_TIMEOUT_MS }: { commandTimeoutMs?: number } = {},
): Promise<RedisConnection> {
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: commandTimeoutMs,
  })
  let up = false
  let started = false
  let closing = false
  let lastError: unknown = null
  // Every reconnection attempt emits an error: kept for the one "down" line, logged at debug only.
  client.on('error', (err) => {
    lastError = err
    log.debug({ err }, 'redis connection error')
  })
  const goDown = (reason: string) => {
    if (!up || closing) return
    up = false
    log.warn(
      { err: lastError ?? undefined, reason },
      'redis unreachable: rate limits count in this process and bus messages stay in it until it is back',
    )
  }
  client.on('close', () => goDown('connection closed'))
  client.on('ready', () => {
    lastError = null
    if (up) return
    const wasDown = !closing && started
    up = true
    if (wasDown) log.info('redis reachable again: rate limits and the bus use it again')
  })
  try {
    await client.connect()
  } catch (err) {
    client.disconnect()
    // The socket's own error (ECONNREFUSED, ENOTFOUND…) says more than "Connection is closed".
    throw new Error(`REDIS_URL: cannot connect to Redis (${String(lastError ?? err)})`)
  }
  started = true
  return {
    client,
    isUp: () => up,
    commandFailed(err) {
      lastError = err
      if (!(err instanceof Error) || !/timed out/i.test(err.message)) return
      if (!up || client.status !== 'ready') return
      goDown('command timed out')
      // A stalled server or a dead route: start over; ready again means it answers again.
      client.disconnect(true)
    },
    async close() {
      closing = true
      await client.quit().catch(() => client.disconnect())
    },
  }
}
