import { PgTransaction } from 'drizzle-orm/pg-core'
import type { Db } from './client.ts'

/**
 * Runs independent reads at once on a pool (each on its own connection), one after the other in a
 * transaction: a transaction is one connection, and node-postgres deprecates queueing a query on
 * a client that is still executing one (pg 9 will refuse it).
 */
export async function concurrentReads<T extends readonly unknown[]>(
  db: Db,
  reads: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (!(db instanceof PgTransaction)) {
    return (await Promise.all(reads.map((read) => read()))) as unknown as T
  }
  const results: unknown[] = []
  for (const read of reads) results.push(await read())
  return results as unknown as T
}
