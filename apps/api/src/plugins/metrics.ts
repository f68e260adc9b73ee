import { createHash, timingSafeEqual } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CounterConfiguration,
} from 'prom-client'
import type { Database } from '../db/client.ts'
import { AppError } from '../lib/errors.ts'
import { smtpReachability, type Reachability } from '../lib/reachability.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The Prometheus registry and its own listener (decision 060), or null when neither
     * METRICS_PORT nor METRICS_TOKEN is set (then nothing is measured and /metrics is 404).
     */
    metrics: Metrics | null
    /** SMTP_URL's server seen from here, checked at most every 30 s; null without SMTP_URL. */
    smtpReachability: Reachability | null
  }
}

export type Metrics = {
  readonly registry: Registry
  /** The exposition text (what GET /metrics answers). */
  scrape(): Promise<string>
  /** Serves GET /metrics on its own port (METRICS_PORT); closed with the app. */
  listen(options: { port: number; host: string }): Promise<AddressInfo>
}

export type MetricsOptions = {
  database: Database
  /** METRICS_PORT: server.ts opens it with `app.metrics.listen` once the app listens. */
  port: number | undefined
  /** METRICS_TOKEN: GET /metrics on the app's own port for `Authorization: Bearer <token>`. */
  token: string | undefined
  smtpUrl: string | undefined
}

/** Seconds: from a cached answer (~1 ms) to a slow export (10 s). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]
const WAIT_BUCKETS = [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5]
const LAG_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5]
/** The outbox's kinds (db/schema/outbox.ts): each has its series even while it has no rows. */
const OUTBOX_KINDS = ['email', 'push', 'invoice'] as const

const digest = (value: string) => createHash('sha256').update(value).digest()

/**
 * GET /metrics in Prometheus's text format through prom-client (decision 060, docs/operations.md):
 * request durations per route pattern and status, the database's connections, waits and statement
 * times, the outbox per kind, the live order streams, the catalogue caches, the bus's lag across
 * processes, and the client's default process metrics (memory, event-loop lag, GC).
 *
 * Never public by default: with METRICS_PORT it is served on that port only (server.ts); with
 * METRICS_TOKEN on the app's port behind `Authorization: Bearer`; with neither nothing is measured
 * and the app's /metrics answers 404 (a route of its own, so the web app's fallback never serves
 * it). Registered after `db` and `bus`; the values of modules registered later (outbox, order
 * streams, catalogue caches) are read when scraped.
 */
export const metricsPlugin = fp<MetricsOptions>(
  async function metrics(app, opts) {
    app.decorate('smtpReachability', opts.smtpUrl ? smtpReachability(opts.smtpUrl) : null)
    if (opts.port === undefined && opts.token === undefined) {
      app.decorate('metrics', null)
      app.get('/metrics', { schema: { hide: true } }, async () => {
        throw new AppError('NOT_FOUND')
      })
      return
    }

    const registry = new Registry()
    collectDefaultMetrics({ register: registry })
    const registers = [registry]

    // HTTP: the route's pattern (never the raw URL: one series per route, not per id) and status.
    const httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from the request arriving to its response sent, per route pattern and status.',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: HTTP_BUCKETS,
      registers,
    })
    app.addHook('onResponse', async (request, reply) => {
      // A live page (SSE) lasts as long as it is open: not a request duration. Its route writes
      // the head on the raw response (hijacked), where only the sent head tells.
      if (isEventStream(reply.getHeader('content-type'), reply.raw)) return
      httpDuration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      )
    })

    // The database: connections, waits for one, statement times.
    const driver = opts.database.driver
    const queryDuration = new Histogram({
      name: 'barrio_db_query_duration_seconds',
      help: 'Time of one SQL statement, from the call to its answer (queueing in the client included).',
      labelNames: ['driver'] as const,
      buckets: QUERY_BUCKETS,
      registers,
    })
    const acquireWait = new Histogram({
      name: 'barrio_db_pool_acquire_seconds',
      help: 'PostgreSQL: time a query or transaction waited for a pool connection.',
      labelNames: ['driver'] as const,
      buckets: WAIT_BUCKETS,
      registers,
    })
    opts.database.hooks.onQuery = (seconds) => queryDuration.observe({ driver }, seconds)
    opts.database.hooks.onAcquire = (seconds) => acquireWait.observe({ driver }, seconds)
    const poolGauge = (name: string, help: string, read: (s: PoolStatsOf) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['driver'] as const,
        registers,
        collect() {
          this.set({ driver }, read(opts.database.poolStats()))
        },
      })
    poolGauge(
      'barrio_db_pool_max',
      'Connections the pool may open (PGlite: its one).',
      (s) => s.max,
    )
    poolGauge('barrio_db_pool_connections', 'Connections open now.', (s) => s.total)
    poolGauge(
      'barrio_db_pool_in_use',
      'Connections running a statement or transaction now.',
      (s) => s.inUse,
    )
    poolGauge(
      'barrio_db_pool_waiting',
      'Callers queued for a connection now (PGlite: statements queued behind the one running).',
      (s) => s.waiting,
    )

    // Dependencies as the health check sees them (1 up, 0 down).
    new Gauge({
      name: 'barrio_dependency_up',
      help: 'Whether a dependency answers: database (a round trip), redis (its circuit), smtp (a TCP connect, cached 30 s).',
      labelNames: ['dependency'] as const,
      registers,
      async collect() {
        this.reset()
        this.set({ dependency: 'database' }, (await app.pingDatabase()) ? 1 : 0)
        if (app.redis) this.set({ dependency: 'redis' }, app.redis.isUp() ? 1 : 0)
        if (app.smtpReachability)
          this.set({ dependency: 'smtp' }, (await app.smtpReachability.status()) === 'up' ? 1 : 0)
      },
    })

    // The outbox: one query per scrape, shared by its four gauges (prom-client starts every
    // collect() of a scrape at once: they join the query under way).
    let outboxRead: Promise<OutboxSnapshot | null> | null = null
    const outboxSnapshot = () =>
      (outboxRead ??= app.outbox
        .queueByKind()
        .catch((err: unknown) => {
          app.log.warn({ err }, 'metrics: the outbox could not be read')
          return null
        })
        .finally(() => {
          outboxRead = null
        }))
    const outboxGauge = (name: string, help: string, read: (row: OutboxRowOf) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['kind'] as const,
        registers,
        async collect() {
          this.reset()
          const rows = await outboxSnapshot()
          if (!rows) return
          for (const kind of OUTBOX_KINDS) this.set({ kind }, 0)
          for (const row of rows) this.set({ kind: row.kind }, read(row))
        },
      })
    outboxGauge(
      'barrio_outbox_depth',
      'Messages still to deliver (pending or being sent).',
      (r) => r.depth,
    )
    outboxGauge(
      'barrio_outbox_due',
      'Messages due now and not yet taken by a worker.',
      (r) => r.due,
    )
    outboxGauge(
      'barrio_outbox_oldest_due_age_seconds',
      'How long the oldest due message has been waiting for delivery (0: none due).',
      (r) => r.oldestDueSeconds,
    )
    outboxGauge(
      'barrio_outbox_failed',
      'Dead letters (failed after every attempt).',
      (r) => r.failed,
    )

    // Live pages and caches, read when scraped from the modules registered after this plugin.
    new Gauge({
      name: 'barrio_live_streams_open',
      help: "Live order pages (SSE) open in this process: customers' order pages and sellers' order feeds.",
      registers,
      collect() {
        this.set(app.hasDecorator('orderStreams') ? app.orderStreams.size : 0)
      },
    })
    const cacheStats = () => (app.hasDecorator('catalogCacheStats') ? app.catalogCacheStats() : [])
    new Counter({
      name: 'barrio_catalog_cache_lookups_total',
      help: "Lookups in the nearby reads' in-process caches, per cache and result (hit or miss).",
      labelNames: ['cache', 'result'] as const,
      registers,
      collect() {
        this.reset()
        for (const s of cacheStats()) {
          this.inc({ cache: s.cache, result: 'hit' }, s.hits)
          this.inc({ cache: s.cache, result: 'miss' }, s.misses)
        }
      },
    } satisfies CounterConfiguration<'cache' | 'result'>)
    new Counter({
      name: 'barrio_catalog_cache_stale_hits_total',
      help: 'Catalogue cache hits answered past the TTL (within the grace) while read again.',
      labelNames: ['cache'] as const,
      registers,
      collect() {
        this.reset()
        for (const s of cacheStats()) this.inc({ cache: s.cache }, s.stale)
      },
    } satisfies CounterConfiguration<'cache'>)
    new Gauge({
      name: 'barrio_catalog_cache_entries',
      help: 'Entries kept now in each of the catalogue caches.',
      labelNames: ['cache'] as const,
      registers,
      collect() {
        this.reset()
        for (const s of cacheStats()) this.set({ cache: s.cache }, s.entries)
      },
    })

    // The bus: how long a message from another process took to arrive (Redis only).
    const busLag = new Histogram({
      name: 'barrio_bus_lag_seconds',
      help: 'Redis bus: time from a message published in another process to its arrival here.',
      buckets: LAG_BUCKETS,
      registers,
    })
    app.bus.hooks.onRemoteMessage = (lagMs) => busLag.observe(lagMs / 1000)

    const scrape = () => registry.metrics()
    let server: Server | null = null
    app.decorate('metrics', {
      registry,
      scrape,
      async listen({ port, host }) {
        const own = createServer((req, res) => {
          const path = (req.url ?? '').split('?')[0]
          if (req.method !== 'GET' || path !== '/metrics') {
            res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n')
            return
          }
          if (opts.token !== undefined && !bearerMatches(req.headers.authorization, opts.token)) {
            res
              .writeHead(401, {
                'content-type': 'text/plain; charset=utf-8',
                'www-authenticate': 'Bearer',
              })
              .end('unauthorized\n')
            return
          }
          scrape().then(
            (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
            (err: unknown) => {
              app.log.error({ err }, 'metrics scrape failed')
              res.writeHead(500).end()
            },
          )
        })
        await new Promise<void>((resolve, reject) => {
          own.once('error', reject)
          own.listen(port, host, () => resolve())
        })
        server = own
        return own.address() as AddressInfo
      },
    } satisfies Metrics)
    app.addHook('onClose', async () => {
      const own = server
      if (!own) return
      own.closeAllConnections()
      await new Promise<void>((resolve) => own.close(() => resolve()))
    })

    // The app's own port: only with the token, and then only for it.
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (opts.token === undefined) throw new AppError('NOT_FOUND')
      if (!bearerMatches(request.headers.authorization, opts.token))
        throw new AppError('UNAUTHORIZED', 'Falta el token de métricas o no es válido.', {
          headers: { 'www-authenticate': 'Bearer' },
        })
      return reply.type(registry.contentType).send(await scrape())
    })
  },
  { name: 'metrics', dependencies: ['db', 'bus'] },
)

type PoolStatsOf = ReturnType<Database['poolStats']>
type OutboxSnapshot = Awaited<ReturnType<FastifyOutbox['queueByKind']>>
type OutboxRowOf = OutboxSnapshot[number]
type FastifyOutbox = FastifyInstance['outbox']

function isEventStream(contentType: unknown, raw: object): boolean {
  if (String(contentType ?? '').startsWith('text/event-stream')) return true
  // The head as sent (Node's `_header`): a hijacked route's writeHead leaves getHeader empty
  // when no header was set on the raw response before it.
  const sent = (raw as { _header?: unknown })._header
  return /^content-type:\s*text\/event-stream/im.test(String(sent ?? ''))
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token))
}
