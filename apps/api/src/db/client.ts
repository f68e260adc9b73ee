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

export type Database = {
  db: Db
  driver: DbDriver
  close: () => Promise<void>
  /** Called before a transaction is run again after a deadlock or a serialization failure. */
  hooks: { onTransactionRetry: (retry: TransactionRetry) => void }
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
  { driver: 'postgres'; url: string; max?: number } | { driver: 'pglite'; dataDir?: string }

/** Opens PGlite (a folder, or memory when dataDir is absent) or a PostgreSQL pool. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.driver === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.max ?? 10 })
    // An idle connection dropped by the server (restart, failover) must not crash the process:
    // the pool replaces it on the next query.
    pool.on('error', (error) =>
      process.emitWarning(`PostgreSQL idle connection lost: ${error.message}`),
    )
    const db = drizzlePg(pool, { schema }) as unknown as Db
    const hooks: Database['hooks'] = { onTransactionRetry: () => {} }
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
    return { db, driver: 'postgres', close: () => pool.end(), hooks, exclusive }
  }
  if (options.dataDir) {
    mkdirSync(path.dirname(options.dataDir), { recursive: true })
    claimDataDir(options.dataDir)
  }
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    extensions: { cube, earthdistance, unaccent, pg_trgm, fuzzystrmatch },
  })
  const db = drizzlePglite(client, { schema })
  const hooks: Database['hooks'] = { onTransactionRetry: () => {} }
  retryTransactions(db, hooks)
  const lockFile = options.dataDir ? `${options.dataDir}.pid` : null
  return {
    db,
    driver: 'pglite',
    hooks,
    close: async () => {
      await client.close()
      if (lockFile) rmSync(lockFile, { force: true })
    },
  }
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
