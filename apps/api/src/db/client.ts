import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { cube } from '@electric-sql/pglite/contrib/cube'
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance'
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

export type Database = {
  db: Db
  driver: DbDriver
  close: () => Promise<void>
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
    return { db, driver: 'postgres', close: () => pool.end() }
  }
  if (options.dataDir) {
    mkdirSync(path.dirname(options.dataDir), { recursive: true })
    claimDataDir(options.dataDir)
  }
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    extensions: { cube, earthdistance },
  })
  const db = drizzlePglite(client, { schema })
  const lockFile = options.dataDir ? `${options.dataDir}.pid` : null
  return {
    db,
    driver: 'pglite',
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
  const lockFile = `${dataDir}.pid`
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8'))
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `La base embebida ${dataDir} está en uso por otro proceso (pid ${pid}). Detenelo o usá otro DATA_DIR.`,
      )
    }
  }
  writeFileSync(lockFile, String(process.pid))
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
