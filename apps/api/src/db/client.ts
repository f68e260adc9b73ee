import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { cube } from '@electric-sql/pglite/contrib/cube'
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance'
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import type { PlanCacheMode } from './plan-cache-mode.ts'
import { namePreparedStatements } from './prepared-statements.ts'
import * as schema from './schema/index.ts'

export type DbDriver = 'pglite' | 'postgres'

/**
 * Both drivers expose the same query builder; the PGlite type is used as the common type and the
 * node-postgres instance is structurally compatible for everything the repositories call.
 */
export type Db = ReturnType<typeof drizzlePglite<typeof schema>>
/** The executor inside `db.transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type TransactionRetry = { code: string; attempt: number; delayMs: number }

/**
 * The connections as the metrics see them (plugins/metrics.ts). PostgreSQL: the pool's own counts
 * (`waiting`: callers queued for a connection). PGlite: one connection in the process, so `total`
 * and `max` are 1, `inUse` is 1 while a statement or a transaction runs and `waiting` counts the
 * statements and transactions queued behind it.
 */
export type PoolStats = { max: number; total: number; inUse: number; waiting: number }

/** Observers the metrics plugin sets; no-ops until then. Times are in seconds. */
export type DatabaseObservers = {
  /** A statement's round trip (from the call to its answer, queueing in the client included). */
  onQuery: (seconds: number) => void
  /** PostgreSQL: how long a caller waited for a pool connection. */
  onAcquire: (seconds: number) => void
}

export type Database = {
  db: Db
  driver: DbDriver
  close: () => Promise<void>
  /** Called before a transaction is run again after a deadlock or a serialization failure. */
  hooks: { onTransactionRetry: (retry: TransactionRetry) => void } & DatabaseObservers
  /** The connections in use and waiting now (metrics). */
  poolStats: () => PoolStats
  /**
   * Runs `work` while holding a PostgreSQL advisory lock, so that of N processes starting at once
   * only one migrates and seeds at a time (the others then find the work done). PGlite has one
   * process by construction: it just runs `work`.
   */
  exclusive?: <T>(work: () => Promise<T>) => Promise<T>
}

/** The advisory lock key of start-up work (migrations, gazetteer, seed): any constant bigint. */
const STARTUP_LOCK = 804_211_0001

/** Deadlock (40P01) and serialization failure (40001): PostgreSQL asks the client to run again. */
const RETRYABLE_CODES = new Set(['40P01', '40001'])
export const TRANSACTION_ATTEMPTS = 4

function sqlState(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string') return code
    e = (e as { cause?: unknown }).cause
  }
  return null
}

/**
 * Every top-level `db.transaction(...)` of every module runs again (at most TRANSACTION_ATTEMPTS
 * times in all, after a short random pause) when PostgreSQL aborted it as a deadlock victim or
 * a serialization failure: the whole transaction was rolled back, so running the callback again is
 * safe, and the caller sees a success instead of a 500. Nested transactions (savepoints) are not
 * retried on their own: the outer one is.
 */
function retryTransactions(db: Db, hooks: Database['hooks']) {
  const run = db.transaction.bind(db)
  const retrying: typeof db.transaction = async (callback, config) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await run(callback, config)
      } catch (error) {
        const code = sqlState(error)
        if (!code || !RETRYABLE_CODES.has(code) || attempt >= TRANSACTION_ATTEMPTS) throw error
        const delayMs = Math.round(5 + Math.random() * 20 * attempt)
        hooks.onTransactionRetry({ code, attempt, delayMs })
        await new Promise((resolve) => setTimeout(resolve, delayMs))
      }
    }
  }
  db.transaction = retrying
}

export type DatabaseOptions =
  | {
      driver: 'postgres'
      url: string
      max?: number
      /** Name repeated statements per connection (decision 067); off behind a transaction pooler. */
      preparedStatements?: boolean
      /** PostgreSQL's plan_cache_mode for the pool's connections; its own default, `auto`, if absent. */
      planCacheMode?: PlanCacheMode
    }
  | { driver: 'pglite'; dataDir?: string }

/** Opens PGlite (a folder, or memory when dataDir is absent) or a PostgreSQL pool. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.driver === 'postgres') {
    const max = options.max ?? 10
    const prepared = options.preparedStatements ?? true
    const pool = new pg.Pool({
      connectionString: options.url,
      max,
      // How prepared statements are planned (prepared-statements.ts); the server's default is auto.
      ...(options.planCacheMode && options.planCacheMode !== 'auto'
        ? { options: `-c plan_cache_mode=${options.planCacheMode}` }
        : {}),
    })
    if (prepared) pool.on('connect', (client) => namePreparedStatements(client))
    // An idle connection dropped by the server (restart, failover) must not crash the process:
    // the pool replaces it on the next query.
    pool.on('error', (error) =>
      process.emitWarning(`PostgreSQL idle connection lost: ${error.message}`),
    )
    const hooks: Database['hooks'] = { ...noHooks }
    observePool(pool, hooks)
    const db = drizzlePg(pool, { schema }) as unknown as Db
    retryTransactions(db, hooks)
    async function exclusive<T>(work: () => Promise<T>): Promise<T> {
      const client = await pool.connect()
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK])
        return await work()
      } finally {
        await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {})
        client.release()
      }
    }
    const poolStats = () => ({
      max,
      total: pool.totalCount,
      inUse: pool.totalCount - pool.idleCount,
      waiting: pool.waitingCount,
    })
    return { db, driver: 'postgres', close: () => pool.end(), hooks, poolStats, exclusive }
  }
  if (options.dataDir) {
    mkdirSync(path.dirname(options.dataDir), { recursive: true })
    claimDataDir(options.dataDir)
  }
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    extensions: { cube, earthdistance, unaccent, pg_trgm, fuzzystrmatch },
  })
  const hooks: Database['hooks'] = { ...noHooks }
  const inFlight = observePglite(client, hooks)
  const db = drizzlePglite(client, { schema })
  retryTransactions(db, hooks)
  const lockFile = options.dataDir ? `${options.dataDir}.pid` : null
  return {
    db,
    driver: 'pglite',
    hooks,
    poolStats: () => ({
      max: 1,
      total: 1,
      inUse: Math.min(1, inFlight.count),
      waiting: Math.max(0, inFlight.count - 1),
    }),
    close: async () => {
      await client.close()
      if (lockFile) rmSync(lockFile, { force: true })
    },
  }
}

const noHooks: Database['hooks'] = {
  onTransactionRetry: () => {},
  onQuery: () => {},
  onAcquire: () => {},
}

const seconds = (startedAt: bigint) => Number(process.hrtime.bigint() - startedAt) / 1e9

type Callback = (...args: unknown[]) => void

/**
 * Times a client's `query(config | text, values?, callback?)` in its callback or its promise
 * (node-postgres answers one or the other); a submittable (a cursor) is passed through untimed.
 */
function timeQueries(
  target: { query: (...args: never[]) => unknown },
  observe: (s: number) => void,
) {
  const query = target.query.bind(target) as (...args: unknown[]) => unknown
  ;(target as { query: unknown }).query = (...args: unknown[]) => {
    const started = process.hrtime.bigint()
    const first = args[0] as { submit?: unknown } | null
    if (first && typeof first === 'object' && typeof first.submit === 'function')
      return query(...args)
    const last = args.length - 1
    if (typeof args[last] === 'function') {
      const callback = args[last] as Callback
      args[last] = (...results: unknown[]) => {
        observe(seconds(started))
        callback(...results)
      }
      return query(...args)
    }
    const result = query(...args)
    if (result && typeof (result as Promise<unknown>).finally === 'function')
      (result as Promise<unknown>).finally(() => observe(seconds(started))).catch(() => {})
    return result
  }
}

/**
 * The pool's connection waits (every query and transaction checks a connection out through
 * `connect`, in its callback or its promise form) and each connection's statements.
 */
function observePool(pool: pg.Pool, hooks: Database['hooks']) {
  const connect = pool.connect.bind(pool) as (cb?: Callback) => unknown
  ;(pool as { connect: unknown }).connect = (cb?: Callback) => {
    const started = process.hrtime.bigint()
    if (cb)
      return connect((...results: unknown[]) => {
        hooks.onAcquire(seconds(started))
        cb(...results)
      })
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      hooks.onAcquire(seconds(started))
      return client
    })
  }
  pool.on('connect', (client) => timeQueries(client, (s) => hooks.onQuery(s)))
}

/**
 * PGlite's statements (alone, and inside a transaction through the transaction's own executor),
 * and how many statements and transactions are under way or queued on its single connection.
 */
function observePglite(client: PGlite, hooks: Database['hooks']) {
  const inFlight = { count: 0 }
  const track = <T>(work: () => Promise<T>): Promise<T> => {
    inFlight.count++
    return work().finally(() => inFlight.count--)
  }
  for (const method of ['query', 'exec'] as const) {
    const run = client[method].bind(client) as (...args: unknown[]) => Promise<unknown>
    ;(client as unknown as Record<string, unknown>)[method] = (...args: unknown[]) =>
      track(() => {
        const started = process.hrtime.bigint()
        return run(...args).finally(() => hooks.onQuery(seconds(started)))
      })
  }
  const transaction = client.transaction.bind(client)
  client.transaction = ((callback: (tx: unknown) => Promise<unknown>) =>
    track(() =>
      transaction((tx) => {
        for (const method of ['query', 'exec'] as const) {
          const run = tx[method].bind(tx) as (...args: unknown[]) => Promise<unknown>
          ;(tx as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
            const started = process.hrtime.bigint()
            return run(...args).finally(() => hooks.onQuery(seconds(started)))
          }
        }
        return callback(tx)
      }),
    )) as PGlite['transaction']
  return inFlight
}

/**
 * PGlite is one process's database: a second process on the same folder would corrupt it. A pid
 * file next to the folder refuses that with a clear message (a stale file of a dead process is
 * taken over).
 */
function claimDataDir(dataDir: string) {
  const pid = dataDirHolder(dataDir)
  if (pid !== null) {
    throw new Error(
      `La base embebida ${dataDir} está en uso por otro proceso (pid ${pid}). Detenelo o usá otro DATA_DIR.`,
    )
  }
  writeFileSync(`${dataDir}.pid`, String(process.pid))
}

/** The pid of another live process that holds the PGlite folder, or null when it is free. */
export function dataDirHolder(dataDir: string): number | null {
  const lockFile = `${dataDir}.pid`
  if (!existsSync(lockFile)) return null
  const pid = Number(readFileSync(lockFile, 'utf8'))
  return pid && pid !== process.pid && isAlive(pid) ? pid : null
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`)
    return true
  } catch {
    return false
  }
}
