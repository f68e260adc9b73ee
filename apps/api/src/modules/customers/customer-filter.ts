import type { CustomerFilter } from '@barrio/contracts/admin-customers'
import { sql, type SQL } from 'drizzle-orm'
import { containsPattern, sellerTextMatch } from '../../lib/search.ts'

/** The aggregate columns of the list query (customers `c` left-joined to their order totals `a`). */
export const AGGREGATES = {
  ordersCount: sql`coalesce(a.orders_count, 0)`,
  totalSpent: sql`coalesce(a.total_spent, 0)`,
  lastOrderAt: sql`a.last_order_at`,
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/
const DAY_MS = 24 * 60 * 60 * 1000

/** A bare date is a day in Argentina (UTC-3, no daylight saving): its first instant. */
function instant(value: string): Date {
  return DATE_ONLY.test(value) ? new Date(`${value}T00:00:00-03:00`) : new Date(value)
}

type Range<T> = { $gte?: T; $gt?: T; $lte?: T; $lt?: T } | undefined

function numberRange(column: SQL, range: Range<number>): SQL[] {
  if (!range) return []
  const out: SQL[] = []
  if (range.$gte !== undefined) out.push(sql`${column} >= ${range.$gte}`)
  if (range.$gt !== undefined) out.push(sql`${column} > ${range.$gt}`)
  if (range.$lte !== undefined) out.push(sql`${column} <= ${range.$lte}`)
  if (range.$lt !== undefined) out.push(sql`${column} < ${range.$lt}`)
  return out
}

/** Date bounds as the order list reads them: "up to 2026-03-21" includes that whole day. */
function dateRange(column: SQL, range: Range<string>): SQL[] {
  if (!range) return []
  const out: SQL[] = []
  const after = (d: Date) => sql`${column} >= ${d.toISOString()}::timestamptz`
  const before = (d: Date) => sql`${column} < ${d.toISOString()}::timestamptz`
  if (range.$gte) out.push(after(instant(range.$gte)))
  if (range.$gt)
    out.push(
      DATE_ONLY.test(range.$gt)
        ? after(new Date(instant(range.$gt).getTime() + DAY_MS))
        : sql`${column} > ${instant(range.$gt).toISOString()}::timestamptz`,
    )
  if (range.$lte)
    out.push(
      DATE_ONLY.test(range.$lte)
        ? before(new Date(instant(range.$lte).getTime() + DAY_MS))
        : sql`${column} <= ${instant(range.$lte).toISOString()}::timestamptz`,
    )
  if (range.$lt) out.push(before(instant(range.$lt)))
  return out
}

/**
 * Translates a validated filter to SQL conditions; every value is a bound parameter. `own` are on
 * the customer row `c` alone (search, tags), so they also narrow which customers' orders get
 * aggregated; `aggregate` are on the figures `a`.
 */
export function customerFilterConditions(filter: CustomerFilter): { own: SQL[]; aggregate: SQL[] } {
  const conditions: SQL[] = []
  const search = (
    typeof filter.search === 'string' ? filter.search : filter.search?.$contains
  )?.trim()
  if (search) {
    const term = containsPattern(search)
    const digits = search.replace(/\D/g, '')
    const name = sql`c.first_name || ' ' || c.last_name`
    const phone = digits.length >= 3 ? sql` or c.phone like ${`%${digits}%`}` : sql``
    conditions.push(
      sql`(${sellerTextMatch(name, search)} or lower(coalesce(c.email, '')) like ${term}${phone})`,
    )
  }
  if (filter.tags !== undefined) {
    const wanted = (typeof filter.tags === 'string' ? [filter.tags] : filter.tags.$in).map((t) =>
      t.toLocaleLowerCase('es-AR'),
    )
    conditions.push(
      sql`exists (select 1 from unnest(c.tags) as t(tag) where lower(t.tag) in (${sql.join(
        wanted.map((t) => sql`${t}`),
        sql`, `,
      )}))`,
    )
  }
  return {
    own: conditions,
    aggregate: [
      ...numberRange(AGGREGATES.ordersCount, filter.ordersCount),
      ...numberRange(AGGREGATES.totalSpent, filter.totalSpent),
      ...dateRange(AGGREGATES.lastOrderAt, filter.lastOrderAt),
    ],
  }
}
