import type { AnalyticsTotals } from '@barrio/contracts/analytics'

/** Cancelled orders as a percentage of all orders placed (0 without any). */
export function cancellationRate(totals: AnalyticsTotals): number {
  const placed = totals.orders + totals.cancelled
  return placed === 0 ? 0 : (totals.cancelled / placed) * 100
}

/** Relative change in percent from `previous` to `current`; null when there is nothing to compare. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null
  return ((current - previous) / previous) * 100
}

/** A share of a whole in percent (0 when the whole is 0). */
export function share(part: number, whole: number): number {
  return whole === 0 ? 0 : (part / whole) * 100
}
