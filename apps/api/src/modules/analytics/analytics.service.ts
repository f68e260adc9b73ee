import {
  addDays,
  daysInRange,
  type Analytics,
  type AnalyticsExportTable,
  type AnalyticsRange,
  type AnalyticsTotals,
} from '@barrio/contracts/analytics'
import type { AnalyticsRepository, PeriodTotals, Seller } from './analytics.repository.ts'
import { analyticsCsv } from './analytics-csv.ts'

/** Each best-seller list (products, collections; by revenue, by units) is this long. */
const TOP_SELLERS = 10

function withAverage(totals: PeriodTotals): AnalyticsTotals {
  const averageTicket = totals.orders === 0 ? 0 : Math.round(totals.sales / totals.orders)
  return { ...totals, averageTicket }
}

const asProduct = ({ id, ...rest }: Seller) => ({ productId: id, ...rest })
const asCollection = ({ id, ...rest }: Seller) => ({ collectionId: id, ...rest })

/** Days in a month ('YYYY-MM'): 28 to 31. */
function monthLength(month: string): number {
  const [year, m] = month.split('-').map(Number) as [number, number]
  return new Date(Date.UTC(year, m, 0)).getUTCDate()
}

/** The month ('YYYY-MM') `months` before (negative) or after this one. */
function shiftMonth(month: string, months: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number]
  const shifted = new Date(Date.UTC(year, m - 1 + months, 1))
  return shifted.toISOString().slice(0, 7)
}

/**
 * The period a range is compared with (decision 017). Whole calendar months compare with as many
 * whole months before: October (1–31) with September (1–30), March with all of February (28 or
 * 29 days). Any other range, a month so far included, compares with the same number of days
 * just before it.
 */
export function previousRange(range: AnalyticsRange): AnalyticsRange {
  const fromMonth = range.from.slice(0, 7)
  const toMonth = range.to.slice(0, 7)
  const wholeMonths =
    range.from.endsWith('-01') && Number(range.to.slice(8)) === monthLength(toMonth)
  if (wholeMonths) {
    const [fy, fm] = fromMonth.split('-').map(Number) as [number, number]
    const [ty, tm] = toMonth.split('-').map(Number) as [number, number]
    const months = (ty - fy) * 12 + (tm - fm) + 1
    const first = shiftMonth(fromMonth, -months)
    const last = shiftMonth(fromMonth, -1)
    return { from: `${first}-01`, to: `${last}-${String(monthLength(last)).padStart(2, '0')}` }
  }
  const length = daysInRange(range.from, range.to)
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) }
}

/** Every bucket of the range in order: the days, or the 24 hours of a one-day range. */
function bucketsOf(range: AnalyticsRange, granularity: Analytics['granularity']): string[] {
  if (granularity === 'hour')
    return Array.from({ length: 24 }, (_, h) => `${range.from}T${String(h).padStart(2, '0')}`)
  return Array.from({ length: daysInRange(range.from, range.to) }, (_, i) => addDays(range.from, i))
}

/** The seller's figures for a range of Buenos Aires days (docs/decisions/017-analytics.md). */
export function createAnalyticsService(deps: { repository: AnalyticsRepository }) {
  const { repository } = deps

  async function get(storeId: string, range: AnalyticsRange): Promise<Analytics> {
    const length = daysInRange(range.from, range.to)
    const previous = previousRange(range)
    const granularity = length === 1 ? 'hour' : 'day'
    const format = granularity === 'hour' ? 'YYYY-MM-DD"T"HH24' : 'YYYY-MM-DD'
    const [totals, breakdowns, top, customers] = await Promise.all([
      repository.totals(storeId, range, previous),
      repository.breakdowns(storeId, range, format),
      repository.topSellers(storeId, range, TOP_SELLERS),
      repository.customers(storeId, range),
    ])
    const bySales = <T extends { sales: number; orders: number }>(a: T, b: T) =>
      b.sales - a.sales || b.orders - a.orders
    return {
      from: range.from,
      to: range.to,
      granularity,
      totals: withAverage(totals.current),
      previous: { ...withAverage(totals.previous), ...previous },
      series: bucketsOf(range, granularity).map((date) => ({
        date,
        ...(breakdowns.series.get(date) ?? { sales: 0, orders: 0 }),
      })),
      byDeliveryType: breakdowns.byDeliveryType.sort(bySales),
      byPaymentMethod: breakdowns.byPaymentMethod.sort(bySales),
      topProducts: top.products.sales.map(asProduct),
      topProductsByUnits: top.products.units.map(asProduct),
      topCollections: top.collections.sales.map(asCollection),
      topCollectionsByUnits: top.collections.units.map(asCollection),
      customers,
    }
  }

  return {
    get,
    /** One table of the figures as a CSV file for Excel (es-AR): its name and its text. */
    async exportCsv(storeId: string, range: AnalyticsRange, table: AnalyticsExportTable) {
      return analyticsCsv(await get(storeId, range), table)
    },
  }
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>
