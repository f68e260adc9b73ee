import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { openTestDatabase } from '../../test/build-test-app.ts'
import type { PlanCacheMode } from './plan-cache-mode.ts'
import { MAX_NAMED_PER_CONNECTION, namePreparedStatements } from './prepared-statements.ts'

/** A connection that records what reaches node-postgres. */
function recordingClient() {
  const seen: unknown[] = []
  const client = { query: (...args: unknown[]) => (seen.push(args[0]), Promise.resolve()) }
  namePreparedStatements(client as never)
  return { query: client.query as (...args: unknown[]) => unknown, seen }
}

describe('statements named per connection (decision 067)', () => {
  test('the same parameterized text gets the same name; another text another', () => {
    const { query, seen } = recordingClient()
    query({ text: 'select * from carts where id = $1', values: ['a'] })
    query({ text: 'select * from carts where id = $1', values: ['b'], rowMode: 'array' })
    // As drizzle calls it: the values beside the config.
    query({ text: 'select * from checkouts where id = $1' }, ['a'])
    const [a, b, c] = seen as Array<{ name: string; values: unknown[]; rowMode?: string }>
    expect(a!.name).toMatch(/^b_/)
    expect(b!.name).toBe(a!.name)
    expect(b!.values).toEqual(['b'])
    expect(b!.rowMode).toBe('array')
    expect(c!.name).not.toBe(a!.name)
  })

  test('plain text, statements without parameters, given names and cursors pass unchanged', () => {
    const { query, seen } = recordingClient()
    const cursor = { submit: () => {}, text: 'select 1 where $1', values: [1] }
    const named = { text: 'select $1', values: [1], name: 'mine' }
    query('begin')
    query({ text: 'commit', values: [] })
    query(named)
    query(cursor)
    expect(seen).toEqual(['begin', { text: 'commit', values: [] }, named, cursor])
    expect(seen[3]).toBe(cursor)
  })

  test('past the bound, new texts run unnamed and the named ones keep their names', () => {
    const { query, seen } = recordingClient()
    for (let i = 0; i <= MAX_NAMED_PER_CONNECTION; i++)
      query({ text: `select $1 + ${i}`, values: [1] })
    query({ text: 'select $1 + 0', values: [2] })
    const names = (seen as Array<{ name?: string }>).map((q) => q.name)
    expect(new Set(names.slice(0, MAX_NAMED_PER_CONNECTION)).size).toBe(MAX_NAMED_PER_CONNECTION)
    expect(names[MAX_NAMED_PER_CONNECTION]).toBeUndefined()
    expect(names.at(-1)).toBe(names[0])
  })

  // On PostgreSQL (CI sets TEST_DATABASE_URL): the server holds the statement once per connection.
  // With its own plan_cache_mode (auto) a key lookup is planned for its values five times, then
  // runs on one plan; DATABASE_PLAN_CACHE_MODE=force_custom_plan plans every execution.
  const plansOf = async (planCacheMode?: PlanCacheMode) => {
    const database = await openTestDatabase(planCacheMode ? { planCacheMode } : {})
    try {
      return await database.db.transaction(async (tx) => {
        for (let n = 1; n <= 8; n++)
          await tx.execute(sql`select count(*) from users where email = ${`x${n}@example.com`}`)
        const found = await tx.execute(
          sql`select count(*)::int as n, sum(custom_plans)::int as custom, sum(generic_plans)::int as generic from pg_prepared_statements where statement like ${'select count(*) from users where email = %'}`,
        )
        return found.rows[0]
      })
    } finally {
      await database.close()
    }
  }

  test.runIf(process.env.TEST_DATABASE_URL)(
    'PostgreSQL parses a repeated statement once per connection; a key lookup keeps one plan',
    async () => {
      expect(await plansOf()).toEqual({ n: 1, custom: 5, generic: 3 })
    },
  )

  test.runIf(process.env.TEST_DATABASE_URL)(
    'with plan_cache_mode force_custom_plan every execution is planned for its values',
    async () => {
      expect(await plansOf('force_custom_plan')).toEqual({ n: 1, custom: 8, generic: 0 })
    },
  )
})
