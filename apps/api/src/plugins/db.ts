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
    app.decorate('pingDatabase', () => pingDatabase(database.db))
    database.hooks.onTransactionRetry = (retry) =>
      app.log.warn(
        retry,
        'transaction aborted by the database (deadlock or serialization): retrying',
      )
  },
  { name: 'db' },
)
