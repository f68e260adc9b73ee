import type { OrderFilter } from '@barrio/contracts/admin-orders'
import { and, eq, gt, gte, inArray, lt, lte, or, sql, type Column, type SQL } from 'drizzle-orm'
import { orders } from '../../db/schema/ordering.ts'
import { containsPattern, sellerTextMatch } from '../../lib/search.ts'

type EnumFilter<T extends string> = T | { $eq: T } | { $in: T[] } | undefined

function enumCondition<
  C extends
    | typeof orders.status
    | typeof orders.paymentStatus
    | typeof orders.deliveryType
    | typeof orders.paymentMethod,
>(column: C, f: EnumFilter<C['_']['data']>) {
  if (f === undefined) return null
  if (typeof f === 'string') return eq(column as Column, f)
  return '$eq' in f ? eq(column as Column, f.$eq) : inArray(column as Column, f.$in)
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/
const DAY_MS = 24 * 60 * 60 * 1000

/** A bare date is a day in Argentina (UTC-3, no daylight saving): its first instant. */
function instant(value: string): Date {
  return DATE_ONLY.test(value) ? new Date(`${value}T00:00:00-03:00`) : new Date(value)
}

/** Translates a validated filter to one SQL condition; every value is a bound parameter. */
export function orderFilterCondition(storeId: string, filter: OrderFilter): SQL {
  const conditions: Array<SQL | null> = [eq(orders.storeId, storeId)]
  const search = (
    typeof filter.search === 'string' ? filter.search : filter.search?.$contains
  )?.trim()
  if (search) {
    const term = containsPattern(search)
    const number = /^#?\s*(\d{1,9})$/.exec(search)?.[1]
    const name = sql`coalesce(${orders.contact}->>'firstName', '') || ' ' || coalesce(${orders.contact}->>'lastName', '')`
    conditions.push(
      or(
        sellerTextMatch(name, search),
        sql`lower(${orders.contact}->>'email') like ${term}`,
        number ? eq(orders.number, Number(number)) : undefined,
      )!,
    )
  }
  if (filter.customerId) conditions.push(eq(orders.customerId, filter.customerId))
  conditions.push(enumCondition(orders.status, filter.status))
  conditions.push(enumCondition(orders.paymentStatus, filter.paymentStatus))
  conditions.push(enumCondition(orders.deliveryType, filter.deliveryType))
  conditions.push(enumCondition(orders.paymentMethod, filter.paymentMethod))
  if (filter.unpaid !== undefined) {
    const open = sql`${orders.status} not in ('cancelled', 'archived', 'completed')`
    const unpaid = inArray(orders.paymentStatus, ['pending', 'partially_paid', 'authorized'])
    conditions.push(filter.unpaid ? and(open, unpaid)! : sql`not (${and(open, unpaid)})`)
  }
  if (filter.createdAt) {
    const c = filter.createdAt
    if (c.$gte) conditions.push(gte(orders.createdAt, instant(c.$gte)))
    if (c.$gt)
      conditions.push(
        DATE_ONLY.test(c.$gt)
          ? gte(orders.createdAt, new Date(instant(c.$gt).getTime() + DAY_MS))
          : gt(orders.createdAt, instant(c.$gt)),
      )
    // "Up to 2026-03-21" includes that whole day.
    if (c.$lte)
      conditions.push(
        DATE_ONLY.test(c.$lte)
          ? lt(orders.createdAt, new Date(instant(c.$lte).getTime() + DAY_MS))
          : lte(orders.createdAt, instant(c.$lte)),
      )
    if (c.$lt) conditions.push(lt(orders.createdAt, instant(c.$lt)))
  }
  return and(...conditions.filter((c): c is SQL => c !== null))!
}
