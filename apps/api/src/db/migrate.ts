import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { Database } from './client.ts'

/**
 * The generated SQL migrations live in apps/api/drizzle. The built server (dist/server.js) and the
 * sources (src/db/migrate.ts) both find them relative to their own location.
 */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url))
  return here.endsWith(`${path.sep}dist`)
    ? path.resolve(here, '..', 'drizzle')
    : path.resolve(here, '..', '..', 'drizzle')
}

/**
 * Applies committed migrations. earthdistance needs cube; search (decision 042) needs unaccent,
 * pg_trgm and fuzzystrmatch. All exist on PGlite and Debian's PostgreSQL (trusted extensions: a
 * database owner may create them).
 */
export async function runMigrations(database: Database): Promise<void> {
  for (const extension of ['cube', 'earthdistance', 'unaccent', 'pg_trgm', 'fuzzystrmatch'])
    await database.db.execute(sql.raw(`create extension if not exists ${extension}`))
  const config = { migrationsFolder: migrationsFolder() }
  if (database.driver === 'pglite') await migratePglite(database.db, config)
  // @ts-expect-error the node-postgres instance was typed as the common Db; its runtime is node-postgres.
  else await migratePg(database.db, config)
}
