import fp from 'fastify-plugin'
import type { Database, Db, DbDriver } from '../db/client.ts'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    dbDriver: DbDriver
  }
}

/** Decorates the app with the database the caller opened; the caller owns closing it. */
export const dbPlugin = fp<{ database: Database }>(
  async function db(app, { database }) {
    app.decorate('db', database.db)
    app.decorate('dbDriver', database.driver)
  },
  { name: 'db' },
)
