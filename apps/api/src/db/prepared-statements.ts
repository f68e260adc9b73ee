import { createHash } from 'node:crypto'

/**
 * Statements prepared once per connection (decision 067). node-postgres sends a parameterized
 * statement as Parse + Bind + Execute every time; given a `name`, it parses it once per connection
 * and then only binds and executes. The query builder writes the same text for the same query, so
 * each connection names what it is given by the text's hash: PostgreSQL skips parsing and analysing
 * the hot statements (the session, the cart, the checkout), and the API skips nothing it did before.
 *
 * Bounded per connection (texts differ with the length of an IN list, a bulk insert's rows): past
 * MAX_NAMED_PER_CONNECTION new texts run unnamed, as before. Plans follow the server's
 * plan_cache_mode, `auto` unless DATABASE_PLAN_CACHE_MODE says otherwise (067's addendum): a named
 * statement is planned for its values five times, then keeps one generic plan if that plan costs
 * no more than theirs. A key lookup keeps it; a list whose plan depends on its values (a store with
 * 10,000 products, one with 3) goes on being planned per execution.
 */
export const MAX_NAMED_PER_CONNECTION = 256
/** Longer texts (bulk inserts and updates) are seldom repeated: not worth a slot. */
const MAX_TEXT_LENGTH = 8_000

type QueryConfig = { text?: unknown; values?: unknown; name?: unknown; submit?: unknown }

/** Wraps one pooled connection's `query` to name its repeated parameterized statements. */
export function namePreparedStatements(client: { query: (...args: never[]) => unknown }) {
  const names = new Map<string, string>()
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  ;(client as { query: unknown }).query = (...args: unknown[]) => {
    const first = args[0] as QueryConfig | string | null
    if (first && typeof first === 'object' && typeof first.submit !== 'function') {
      const { text, name } = first
      // drizzle passes the values beside the config: query(config, values).
      const values = first.values ?? args[1]
      if (
        name === undefined &&
        typeof text === 'string' &&
        Array.isArray(values) &&
        values.length > 0 &&
        text.length <= MAX_TEXT_LENGTH
      ) {
        let named = names.get(text)
        if (named === undefined && names.size < MAX_NAMED_PER_CONNECTION) {
          named = `b_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`
          names.set(text, named)
        }
        if (named !== undefined) args[0] = { ...first, name: named }
      }
    }
    return query(...args)
  }
}
