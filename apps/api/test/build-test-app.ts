import { randomUUID } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { buildApp, type App } from '../src/app.ts'
import { parseEnv } from '../src/config/env.ts'
import { openDatabase, type Database } from '../src/db/client.ts'
import { runMigrations } from '../src/db/migrate.ts'
import type { PlanCacheMode } from '../src/db/plan-cache-mode.ts'

export type TestApp = App & { database: Database; dataDir: string }

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server named by TEST_DATABASE_URL (created here and dropped on close).
 */
export async function openTestDatabase(
  options: { planCacheMode?: PlanCacheMode } = {},
): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    const database = await openDatabase({ driver: 'pglite' })
    await runMigrations(database)
    return database
  }
  const name = `barrio_t_${randomUUID().replaceAll('-', '').slice(0, 16)}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({
    driver: 'postgres',
    url: url.toString(),
    max: 4,
    ...options,
  })
  await runMigrations(database)
  return {
    ...database,
    async close() {
      await database.close()
      const dropper = new pg.Client({ connectionString: serverUrl })
      await dropper.connect()
      // pool.end() resolves before its connections have finished closing; forcing the drop while
      // they close would kill them mid-goodbye and surface as an unhandled 57P01 error.
      for (let i = 0; i < 50; i++) {
        const { rows } = await dropper.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        )
        if (rows[0]!.n === 0) break
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      await dropper.query(`drop database if exists ${name} with (force)`)
      await dropper.end()
    },
  }
}

/** A Monday, 18:00 in Buenos Aires, no holiday: the test store (factories.ts) is open then. */
export const TEST_SCHEDULE_CLOCK_START = '2026-11-30T18:00:00-03:00'
/**
 * A Wednesday, 18:00 in Buenos Aires: every demo shop is open then and until 19:30 (two of them
 * close on Mondays). Servers that run the demo seed pin it (e2e/playwright.config.ts too).
 */
export const DEMO_SCHEDULE_CLOCK_START = '2026-12-02T18:00:00-03:00'

/** Builds the app on a fresh database; `close()` closes both. */
export async function buildTestApp(
  envOverrides: Record<string, string> = {},
  { webDist = null }: { webDist?: string | null } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'barrio-test-'))
  const env = parseEnv({
    DATA_DIR: dataDir,
    SESSION_SECRET: 'x'.repeat(48),
    // No outside geocoder unless a test starts the fake one (test/fake-georef.ts).
    GEOREF_API_URL: '',
    // Store schedules are judged as on a Monday at 18:00 in Buenos Aires (lib/clock.ts), whatever
    // the hour the suite runs at: inside the test store's hours (factories.ts, storeInput).
    SCHEDULE_CLOCK_START: TEST_SCHEDULE_CLOCK_START,
    ...envOverrides,
  })
  const database = await openTestDatabase()
  const app = await buildApp({ env, database, webDist })
  app.addHook('onClose', async () => {
    await database.close()
  })
  return Object.assign(app, { database, dataDir })
}
