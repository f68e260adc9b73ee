import type { PaymentFilter } from '@barrio/contracts/admin-payments'
import { and, eq, gte, inArray, lt, type Column, type SQL } from 'drizzle-orm'
import { paymentTransactions } from '../../db/schema/payments.ts'

type EnumFilter<T extends string> = T | { $eq: T } | { $in: T[] } | undefined

function enumCondition<T extends string>(column: Column, f: EnumFilter<T>) {
  if (f === undefined) return null
  if (typeof f === 'string') return eq(column, f)
  return '$eq' in f ? eq(column, f.$eq) : inArray(column, f.$in)
}

const DAY_MS = 24 * 60 * 60 * 1000

/** The first instant of a Buenos Aires day (UTC-3 all year: Argentina keeps no summer time). */
export function buenosAiresDayStart(day: string): Date {
  return new Date(`${day}T00:00:00-03:00`)
}

/** Buenos Aires days `from` to `to`, both included, as a half-open instant range. */
export function dayRangeCondition(column: Column, from?: string, to?: string): SQL[] {
  const out: SQL[] = []
  if (from) out.push(gte(column, buenosAiresDayStart(from)))
  if (to) out.push(lt(column, new Date(buenosAiresDayStart(to).getTime() + DAY_MS)))
  return out
}

/** Translates a validated filter to one SQL condition; every value is a bound parameter. */
export function paymentFilterCondition(storeId: string, filter: PaymentFilter): SQL {
  const t = paymentTransactions
  const conditions: Array<SQL | null> = [
    eq(t.storeId, storeId),
    enumCondition(t.method, filter.method),
    enumCondition(t.status, filter.status),
    enumCondition(t.kind, filter.kind),
    ...dayRangeCondition(t.createdAt, filter.createdAt?.from, filter.createdAt?.to),
  ]
  return and(...conditions.filter((c): c is SQL => c !== null))!
}
