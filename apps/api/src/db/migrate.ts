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

/** Applies committed migrations. earthdistance needs cube; both exist on PGlite and Debian's PostgreSQL. */
export async function runMigrations(database: Database): Promise<void> {
  await database.db.execute(sql`create extension if not exists cube`)
  await database.db.execute(sql`create extension if not exists earthdistance`)
  const config = { migrationsFolder: migrationsFolder() }
  if (database.driver === 'pglite') await migratePglite(database.db, config)
  // @ts-expect-error the node-postgres instance was typed as the common Db; its runtime is node-postgres.
  else await migratePg(database.db, config)
}
