// GET /metrics and the health probes (issue 29, decision 060). A *.both.test.ts: CI runs it on
// PostgreSQL (TEST_DATABASE_URL) and on the embedded PGlite, whose connection figures differ.
// Every series the operator watches must exist and move: a request, an enqueued e-mail, an open
// live page, a cached read, a bus message from another process. This file starts its own Debian
// redis-server on a free port (as the Redis-outage test does) for the bus's lag.
import type { ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { createServer, type AddressInfo, type Server } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openTestDatabase, type TestApp } from '../../test/build-test-app.ts'
import { signedInSeller } from '../../test/factories.ts'
import { freePort } from '../../test/multi-process/cluster.ts'
import { killRedisServer, startRedisServer } from '../../test/redis-server.ts'
import { buildApp, type App } from '../app.ts'
import { parseEnv } from '../config/env.ts'
import type { Database } from '../db/client.ts'
import { outbox } from '../db/schema/outbox.ts'
import { createRedisBus } from '../integrations/bus.ts'

const TOKEN = 'metrics-token-'.padEnd(48, 'x')
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
const prefix = `barrio-metrics-${randomUUID().slice(0, 8)}:`

let database: Database
let app: App
let redisPort: number
let redisProcess: ChildProcess | null = null
/** Stands in for an SMTP server: it accepts TCP connections (reachability asks nothing more). */
let smtpStandIn: Server
let smtpPort: number

function envFor(overrides: Record<string, string>) {
  return parseEnv({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'barrio-test-')),
    SESSION_SECRET: 'x'.repeat(48),
    GEOREF_API_URL: '',
    ...overrides,
  })
}

async function startRedis() {
  redisPort = await freePort()
  redisProcess = await startRedisServer(redisPort)
}

beforeAll(async () => {
  await startRedis()
  smtpStandIn = createServer((socket) => socket.destroy())
  await new Promise<void>((resolve) => smtpStandIn.listen(0, '127.0.0.1', resolve))
  smtpPort = (smtpStandIn.address() as { port: number }).port
  database = await openTestDatabase()
  app = await buildApp({
    env: envFor({
      METRICS_TOKEN: TOKEN,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      REDIS_PREFIX: prefix,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    }),
    database,
  })
  await app.ready()
})

afterAll(async () => {
  await app?.close()
  await database?.close()
  await new Promise<void>((resolve) => smtpStandIn?.close(() => resolve()))
  await killRedisServer(redisProcess)
})

async function scrape(target: App = app): Promise<string> {
  const res = await target.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['content-type']).toContain('text/plain; version=0.0.4')
  return res.body
}

/** The value of one sample, e.g. `value(text, 'barrio_outbox_depth', { kind: 'email' })`; 0 if absent. */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`)
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const has = (match[2] ?? '').split(',')
    if (wanted.every((w) => has.includes(w))) return Number(match[3])
  }
  return 0
}

/** Sum of a series over every label set matching `labels`. */
function total(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`)
  let sum = 0
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const has = (match[2] ?? '').split(',')
    if (wanted.every((w) => has.includes(w))) sum += Number(match[3])
  }
  return sum
}

describe('GET /metrics behind METRICS_TOKEN', () => {
  test('refuses a scrape without the token or with a wrong one (401, Spanish message)', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`, TOKEN]) {
      const res = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      })
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' })
      expect(res.json().message).toMatch(/token de métricas/)
      expect(res.body).not.toContain('http_request_duration_seconds')
    }
  })

  test('names every series the operator watches', async () => {
    const text = await scrape()
    for (const series of [
      'http_request_duration_seconds histogram',
      'barrio_db_query_duration_seconds histogram',
      'barrio_db_pool_acquire_seconds histogram',
      'barrio_db_pool_max gauge',
      'barrio_db_pool_connections gauge',
      'barrio_db_pool_in_use gauge',
      'barrio_db_pool_waiting gauge',
      'barrio_dependency_up gauge',
      'barrio_outbox_depth gauge',
      'barrio_outbox_due gauge',
      'barrio_outbox_oldest_due_age_seconds gauge',
      'barrio_outbox_failed gauge',
      'barrio_live_streams_open gauge',
      'barrio_catalog_cache_lookups_total counter',
      'barrio_catalog_cache_stale_hits_total counter',
      'barrio_catalog_cache_entries gauge',
      'barrio_bus_lag_seconds histogram',
      // The client's defaults: memory and event-loop lag.
      'process_resident_memory_bytes gauge',
      'nodejs_heap_size_used_bytes gauge',
      'nodejs_eventloop_lag_seconds gauge',
      'nodejs_eventloop_lag_p99_seconds gauge',
    ])
      expect(text).toContain(`# TYPE ${series}`)
    const driver = onPostgres ? 'postgres' : 'pglite'
    // The test database's pool has 4 connections (test/build-test-app.ts); PGlite has its one.
    expect(value(text, 'barrio_db_pool_max', { driver })).toBe(onPostgres ? 4 : 1)
    expect(value(text, 'barrio_db_pool_connections', { driver })).toBeGreaterThanOrEqual(1)
    expect(value(text, 'process_resident_memory_bytes')).toBeGreaterThan(0)
    for (const dependency of ['database', 'redis', 'smtp'])
      expect(value(text, 'barrio_dependency_up', { dependency }), dependency).toBe(1)
  })

  test('request durations move per route pattern and status, never per raw URL', async () => {
    const id = randomUUID()
    const live = { method: 'GET', route: '/api/v1/health/live', status_code: '200' }
    const missing = { method: 'GET', route: '/api/v1/stores/:idOrHandle', status_code: '404' }
    const before = await scrape()
    expect((await app.inject({ method: 'GET', url: '/api/v1/health/live' })).statusCode).toBe(200)
    expect((await app.inject({ method: 'GET', url: '/api/v1/health/live' })).statusCode).toBe(200)
    expect((await app.inject({ method: 'GET', url: `/api/v1/stores/${id}` })).statusCode).toBe(404)
    const after = await scrape()
    const count = 'http_request_duration_seconds_count'
    expect(value(after, count, live) - value(before, count, live)).toBe(2)
    expect(value(after, count, missing) - value(before, count, missing)).toBe(1)
    expect(value(after, 'http_request_duration_seconds_bucket', { ...live, le: '+Inf' })).toBe(
      value(after, count, live),
    )
    expect(after).not.toContain(id)
  })

  test('statement times and (PostgreSQL) connection waits move with the queries', async () => {
    const driver = onPostgres ? 'postgres' : 'pglite'
    const before = await scrape()
    const res = await app.inject({ method: 'GET', url: `/api/v1/stores/${randomUUID()}` })
    expect(res.statusCode).toBe(404)
    const after = await scrape()
    const queries = 'barrio_db_query_duration_seconds_count'
    expect(value(after, queries, { driver })).toBeGreaterThan(value(before, queries, { driver }))
    expect(value(after, 'barrio_db_query_duration_seconds_sum', { driver })).toBeGreaterThan(0)
    const waits = 'barrio_db_pool_acquire_seconds_count'
    if (onPostgres)
      expect(value(after, waits, { driver })).toBeGreaterThan(value(before, waits, { driver }))
    else expect(value(after, waits, { driver })).toBe(0)
  })

  test('outbox depth, due count and the oldest due message age per kind', async () => {
    const before = await scrape()
    expect(before).toMatch(/^barrio_outbox_depth\{kind="invoice"\} \d+$/m)
    const email = { to: 'vecina@example.com', subject: 'Hola', text: 'Hola', html: '<p>Hola</p>' }
    const ids = [
      await app.outbox.enqueueEmail(app.db, email),
      await app.outbox.enqueueEmail(app.db, email),
    ] as string[]
    const after = await scrape()
    const kind = { kind: 'email' }
    for (const series of ['barrio_outbox_depth', 'barrio_outbox_due'])
      expect(value(after, series, kind), series).toBe(value(before, series, kind) + 2)
    // One of them due ten minutes ago and never delivered: the age an alert watches.
    await app.db
      .update(outbox)
      .set({ nextAttemptAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(outbox.id, ids[0]!))
    const late = await scrape()
    expect(value(late, 'barrio_outbox_oldest_due_age_seconds', kind)).toBeGreaterThanOrEqual(600)
    expect(value(late, 'barrio_outbox_oldest_due_age_seconds', kind)).toBeLessThan(700)
    // Dead letters leave the depth and count as failed.
    await app.db.update(outbox).set({ status: 'failed' }).where(inArray(outbox.id, ids))
    const dead = await scrape()
    expect(value(dead, 'barrio_outbox_depth', kind)).toBe(
      value(before, 'barrio_outbox_depth', kind),
    )
    expect(value(dead, 'barrio_outbox_failed', kind)).toBe(
      value(before, 'barrio_outbox_failed', kind) + 2,
    )
    expect(value(dead, 'barrio_outbox_oldest_due_age_seconds', kind)).toBe(0)
  })

  test('live order streams open in this process; a live page is no request duration', async () => {
    const seller = await signedInSeller(app as TestApp)
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as AddressInfo
    const before = await scrape()
    const res = await fetch(
      `http://127.0.0.1:${port}/api/v1/admin/dashboard/stores/${seller.store._id}/events`,
      { headers: { cookie: seller.cookie } },
    )
    expect(res.headers.get('content-type')).toContain('text/event-stream')
    const reader = res.body!.getReader()
    await reader.read()
    const during = await scrape()
    expect(value(during, 'barrio_live_streams_open')).toBe(
      value(before, 'barrio_live_streams_open') + 1,
    )
    // The server ends it (as on shutdown): the stream leaves the gauge and no histogram.
    app.orderStreams.closeAll()
    while (!(await reader.read()).done);
    expect(value(await scrape(), 'barrio_live_streams_open')).toBe(
      value(before, 'barrio_live_streams_open'),
    )
    expect(await scrape()).not.toContain('/events"')
  })

  test("the catalogue caches' hits and misses", async () => {
    const url = '/api/v1/stores?lat=-34.6083&lng=-58.3712'
    const before = await scrape()
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200)
    const first = await scrape()
    // An answer is kept from the second time its point is asked (decision 066, third addendum).
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200)
    const kept = await scrape()
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200)
    const second = await scrape()
    const lookups = 'barrio_catalog_cache_lookups_total'
    expect(total(first, lookups, { result: 'miss' })).toBeGreaterThan(
      total(before, lookups, { result: 'miss' }),
    )
    // The same point a third time: its answer comes from the cache.
    expect(value(second, lookups, { cache: 'answers', result: 'hit' })).toBeGreaterThan(
      value(kept, lookups, { cache: 'answers', result: 'hit' }),
    )
    expect(value(second, 'barrio_catalog_cache_entries', { cache: 'answers' })).toBeGreaterThan(0)
  })

  test("the bus's lag for a message published by another process", async () => {
    const publisher = new Redis({ port: redisPort })
    const other = await createRedisBus({
      publisher,
      url: `redis://127.0.0.1:${redisPort}`,
      prefix,
      log: app.log,
    })
    try {
      const before = value(await scrape(), 'barrio_bus_lag_seconds_count')
      const received = new Promise<void>((resolve) => {
        const stop = app.bus.subscribe('metrics.test', () => {
          stop()
          resolve()
        })
      })
      other.publish('metrics.test', { hello: 1 })
      await received
      const after = await scrape()
      expect(value(after, 'barrio_bus_lag_seconds_count')).toBe(before + 1)
      expect(value(after, 'barrio_bus_lag_seconds_bucket', { le: '+Inf' })).toBe(before + 1)
    } finally {
      await other.close()
      publisher.disconnect()
    }
  })

  test('METRICS_PORT: the same text on its own port, for the token only', async () => {
    const { port } = await app.metrics!.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${port}`
    expect((await fetch(`${base}/metrics`)).status).toBe(401)
    expect(
      (await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer nope' } })).status,
    ).toBe(401)
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('# TYPE barrio_outbox_depth gauge')
    expect((await fetch(`${base}/`)).status).toBe(404)
  })
})

describe('GET /metrics not configured, or on its own port only', () => {
  test('no METRICS_PORT and no METRICS_TOKEN: 404 and nothing measured', async () => {
    const bare = await buildApp({ env: envFor({}), database })
    try {
      expect(bare.metrics).toBeNull()
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const res = await bare.inject({ method: 'GET', url: '/metrics', headers })
        expect(res.statusCode).toBe(404)
        expect(res.json()).toMatchObject({ code: 'NOT_FOUND' })
      }
    } finally {
      await bare.close()
    }
  })

  test('METRICS_PORT alone: 404 on the public port, served on its own without a token', async () => {
    // A second app on the same database would take over its statement observers: give them back.
    const observers = { ...database.hooks }
    const port = await freePort()
    const own = await buildApp({ env: envFor({ METRICS_PORT: String(port) }), database })
    // A live page's route writes its head on the raw response, as the order streams do: what it
    // lasted is no request duration.
    own.get('/test-only/events', async (_request, reply) => {
      reply.hijack()
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' })
      reply.raw.end(': open\n\n')
    })
    try {
      const res = await own.inject({ method: 'GET', url: '/metrics' })
      expect(res.statusCode).toBe(404)
      // Over HTTP (inject's response keeps writeHead's headers where a real one does not).
      await own.listen({ port: 0, host: '127.0.0.1' })
      const { port: appPort } = own.server.address() as AddressInfo
      const stream = await fetch(`http://127.0.0.1:${appPort}/test-only/events`)
      expect(stream.headers.get('content-type')).toContain('text/event-stream')
      expect(await stream.text()).toBe(': open\n\n')
      await own.metrics!.listen({ port, host: '127.0.0.1' })
      const scraped = await fetch(`http://127.0.0.1:${port}/metrics`)
      expect(scraped.status).toBe(200)
      const text = await scraped.text()
      expect(text).toContain('# TYPE http_request_duration_seconds histogram')
      expect(text).toContain('route="/metrics",status_code="404"')
      expect(text).not.toContain('/test-only/events')
    } finally {
      await own.close()
      Object.assign(database.hooks, observers)
    }
    // Closed with its app.
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow()
  })
})

describe('health for a balancer', () => {
  test('/health keeps its answer and names the dependencies; live and ready', async () => {
    const health = await app.inject({ method: 'GET', url: '/api/v1/health' })
    expect(health.statusCode).toBe(200)
    expect(health.json()).toMatchObject({
      status: 'ok',
      database: 'up',
      driver: onPostgres ? 'postgres' : 'pglite',
      redis: 'up',
      smtp: 'up',
      version: '1.0.0',
    })
    const ready = await app.inject({ method: 'GET', url: '/api/v1/health/ready' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toMatchObject({ status: 'ok', database: 'up' })
    const live = await app.inject({ method: 'GET', url: '/api/v1/health/live' })
    expect(live.statusCode).toBe(200)
    expect(live.json()).toEqual({ status: 'ok', uptimeSeconds: expect.any(Number) })
  })

  test('database closed: ready and /health answer 503, live still 200; SMTP away is reported', async () => {
    const own = await openTestDatabase()
    const closedSmtp = await freePort()
    const lonely = await buildApp({
      env: envFor({ SMTP_URL: `smtp://127.0.0.1:${closedSmtp}` }),
      database: own,
    })
    try {
      await lonely.ready()
      await own.close()
      const ready = await lonely.inject({ method: 'GET', url: '/api/v1/health/ready' })
      expect(ready.statusCode).toBe(503)
      expect(ready.json()).toMatchObject({ status: 'degraded', database: 'down', smtp: 'down' })
      const health = await lonely.inject({ method: 'GET', url: '/api/v1/health' })
      expect(health.statusCode).toBe(503)
      expect(health.json()).toMatchObject({ status: 'degraded', database: 'down' })
      const live = await lonely.inject({ method: 'GET', url: '/api/v1/health/live' })
      expect(live.statusCode).toBe(200)
    } finally {
      await lonely.close()
    }
  })
})
