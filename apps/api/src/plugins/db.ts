import fp from 'fastify-plugin'
import { pingDatabase, type Database, type Db, type DbDriver } from '../db/client.ts'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    dbDriver: DbDriver
    /** A real round trip to the database (health check). */
    pingDatabase: () => Promise<boolean>
  }
}

/**
 * Decorates the app with the database the caller opened; the caller owns closing it. A transaction
 * run again after a deadlock or serialization failure (see db/client.ts) leaves a warning.
 */
export const dbPlugin = fp<{ database: Database }>(
  async function db(app, { database }) {
    app.decorate('db', database.db)
    app.decorate('dbDriver', database.driver)
    // Health checks (load balancers poll it, sometimes hard) share one round trip a second.
    let last: { at: number; up: boolean } | null = null
    let pending: Promise<boolean> | null = null
    app.decorate('pingDatabase', () => {
      if (last && Date.now() - last.at < 1000) return Promise.resolve(last.up)
      pending ??= pingDatabase(database.db).then((up) => {
        last = { at: Date.now(), up }
        pending = null
        return up
      })
      return pending
    })
    database.hooks.onTransactionRetry = (retry) =>
      app.log.warn(
        retry,
        'transaction aborted by the database (deadlock or serialization): retrying',
      )
  },
  { name: 'db' },
)
