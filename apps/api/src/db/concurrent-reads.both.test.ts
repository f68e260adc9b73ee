import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { openTestDatabase } from '../../test/build-test-app.ts'
import type { Database } from './client.ts'
import { concurrentReads } from './concurrent-reads.ts'

let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
}, 60_000)
afterAll(async () => {
  await database?.close()
})

/** Each read notes when it starts and ends, so the test sees whether two were ever in flight. */
function tracedReads(db: Database['db'], log: string[]) {
  const read = (name: string, value: number) => async () => {
    log.push(`start ${name}`)
    const [row] = (await db.execute(sql`select ${value}::int as v, pg_sleep(0.02)`)).rows as Array<{
      v: number
    }>
    log.push(`end ${name}`)
    return row!.v
  }
  return [read('a', 1), read('b', 2), read('c', 3)] as const
}

test('in a transaction the reads run one after the other, in order, and answer each value', async () => {
  const log: string[] = []
  const values = await database.db.transaction(async (tx) =>
    concurrentReads(
      tx as unknown as Database['db'],
      tracedReads(tx as unknown as Database['db'], log),
    ),
  )
  expect(values).toEqual([1, 2, 3])
  expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c'])
})

test('outside a transaction they are all started at once', async () => {
  const log: string[] = []
  const values = await concurrentReads(database.db, tracedReads(database.db, log))
  expect(values).toEqual([1, 2, 3])
  expect(log.slice(0, 3)).toEqual(['start a', 'start b', 'start c'])
})
