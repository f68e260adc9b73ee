import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { openDatabase, type Database } from '../apps/api/src/db/client.ts'

/**
 * A fresh database for one benchmark run: a new database on the PostgreSQL server at `serverUrl`
 * (dropped by `drop`; `url` names it for an API process), or the embedded PGlite in memory when no server is named.
 */
export async function openBenchDatabase(
  serverUrl: string | undefined,
  { max = 4 }: { max?: number } = {},
): Promise<{ database: Database; url: string | null; drop: (() => Promise<void>) | null }> {
  if (!serverUrl)
    return { database: await openDatabase({ driver: 'pglite' }), url: null, drop: null }
  const name = `barrio_bench_${randomUUID().slice(0, 8)}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ driver: 'postgres', url: url.toString(), max })
  const drop = async () => {
    const c = new pg.Client({ connectionString: serverUrl })
    await c.connect()
    await c.query(`drop database if exists ${name} with (force)`)
    await c.end()
  }
  return { database, url: url.toString(), drop }
}
