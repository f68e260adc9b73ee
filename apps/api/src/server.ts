import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import closeWithGrace from 'close-with-grace'
import pino from 'pino'
import { buildApp } from './app.ts'
import { parseEnv } from './config/env.ts'
import { openDatabase } from './db/client.ts'
import { runMigrations } from './db/migrate.ts'
import { loadBuiltinGazetteer } from './modules/geo/geo.service.ts'
import { loopbackUrl, publishOperatorAccess } from './modules/operator/operator-access.ts'
import { isDatabaseEmpty, seedDemo } from './seed/demo-seed.ts'

/** Starts Barrio: opens the database, migrates, seeds an empty database, serves API + web. */
const env = parseEnv()
const here = path.dirname(fileURLToPath(import.meta.url))
const webDist = env.WEB_DIST
  ? path.resolve(env.WEB_DIST)
  : path.resolve(here, '..', '..', 'web', 'dist')

const pgliteDir = env.DATABASE_URL ? null : path.join(env.DATA_DIR, 'pglite')
const database = await openDatabase(
  pgliteDir
    ? { driver: 'pglite', dataDir: pgliteDir }
    : {
        driver: 'postgres',
        url: env.DATABASE_URL!,
        max: env.DATABASE_POOL_MAX,
        preparedStatements: env.DATABASE_PREPARED_STATEMENTS,
        planCacheMode: env.DATABASE_PLAN_CACHE_MODE,
      },
)
// The embedded database is this process's alone: operator commands that only read (the outbox)
// ask this process instead, with a token it hands out through a file beside the database
// (decision 039). On PostgreSQL they open their own connection.
const operatorToken = pgliteDir ? randomBytes(32).toString('base64url') : undefined
let withdrawOperatorAccess = () => {}
// Log lines leave asynchronously: a line written while the previous write is under way joins the
// next write instead of blocking the event loop on its own syscall (one line per request is
// thousands of writes a second under load). Drained on close (settleLogs), so nothing is lost on
// SIGTERM or a crash that closeWithGrace sees while someone reads the log.
const logStream = env.LOG_PRETTY ? null : pino.destination({ dest: 1, sync: false })

// Nothing the process does may wait on its log reader. With the reader gone (its supervisor died:
// EPIPE) pino drops further lines; these listeners drop anything else written to stdout/stderr
// instead of letting an unhandled 'error' end the process.
process.stdout.on('error', () => {})
process.stderr.on('error', () => {})

/**
 * SonicBoom's flushSync — which pino also runs on 'exit' — retries forever, putting the whole
 * process to sleep 100 ms at a time, when stdout's reader has gone (EPIPE) or stopped reading (a
 * full pipe): such a process never exited on SIGTERM (issue 22). So at the end of a shutdown the
 * last lines get a bounded moment to leave through the async writer (its 'drain', or an 'error'),
 * and then nothing at exit writes to the log any more.
 */
async function settleLogs(lineWritten: boolean, withinMs = 1000): Promise<void> {
  if (!logStream) return
  const stream = logStream
  if (lineWritten) {
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer)
        stream.off('drain', done)
        stream.off('error', done)
        resolve()
      }
      const timer = setTimeout(done, withinMs)
      stream.once('drain', done)
      stream.once('error', done)
    })
  }
  abandonLogs()
}
function abandonLogs() {
  if (logStream) logStream.flushSync = () => {}
}
const app = await buildApp({
  env,
  database,
  webDist,
  runWorker: true,
  operatorToken,
  logger: {
    level: env.LOG_LEVEL,
    ...(logStream ? { stream: logStream } : { transport: { target: 'pino-pretty' } }),
  },
})

// N processes may start together on one PostgreSQL database: one at a time migrates and seeds.
const exclusive = database.exclusive ?? (<T>(work: () => Promise<T>) => work())
await exclusive(async () => {
  await runMigrations(database)
  app.log.info({ driver: database.driver }, 'database migrated')
  await loadBuiltinGazetteer(database.db)

  if (env.SEED === 'demo' && (await isDatabaseEmpty(database.db))) {
    const started = Date.now()
    const counts = await seedDemo(database.db, {
      uploadsDir: path.join(env.DATA_DIR, 'uploads'),
      log: (msg) => app.log.info(msg),
    })
    app.log.info({ ...counts, ms: Date.now() - started }, 'demo marketplace seeded')
  }
})

// SIGTERM/SIGINT: app.close() stops accepting connections, ends the live pages (SSE) so their
// clients reconnect to another process, waits for in-flight requests, then stops the outbox
// worker (the message under way finishes, the rest of its claims are released) and the Redis
// connections. SHUTDOWN_GRACE_MS bounds all of it, the log destination included (settleLogs); a
// second signal exits at once.
const logs = (level: 'info' | 'error') =>
  pino.levels.values[level]! >= (pino.levels.values[env.LOG_LEVEL] ?? Infinity)
closeWithGrace(
  {
    delay: env.SHUTDOWN_GRACE_MS,
    logger: app.log,
    onTimeout: (delay) => {
      app.log.error({ delay }, 'shutdown took longer than SHUTDOWN_GRACE_MS: exiting')
      abandonLogs()
    },
    onSecondSignal: (signal) => {
      app.log.error({ signal }, 'second signal: exiting')
      abandonLogs()
    },
    onSecondError: (err) => {
      app.log.error({ err }, 'second error while closing: exiting')
      abandonLogs()
    },
  },
  async ({ err, signal }) => {
    try {
      if (err) app.log.error({ err }, 'closing after an error')
      else app.log.info({ signal }, 'closing')
      withdrawOperatorAccess()
      await app.close()
      await database.close()
      app.log.info('closed')
    } finally {
      await settleLogs(logs('info') || (err !== undefined && logs('error')))
    }
  },
)

// Fastify names each interface it listens on; the address to open is PUBLIC_URL (links in e-mails,
// Google/Apple callbacks and cookies all point there), so that is the line to read.
await app.listen({
  port: env.PORT,
  host: env.HOST,
  listenTextResolver: (address) => `escuchando en ${address}`,
})
// Prometheus scrapes GET /metrics on its own port, never the public one (decision 060).
if (env.METRICS_PORT !== undefined && app.metrics) {
  const address = await app.metrics.listen({ port: env.METRICS_PORT, host: env.HOST })
  app.log.info({ port: address.port }, 'metrics served on their own port')
}
if (pgliteDir && operatorToken) {
  withdrawOperatorAccess = publishOperatorAccess(pgliteDir, {
    pid: process.pid,
    url: loopbackUrl(app.server.address()),
    token: operatorToken,
  })
}
app.log.info({ url: env.PUBLIC_URL }, `Barrio listo: abrí ${env.PUBLIC_URL}`)
