import { addDays, daysInRange } from '@barrio/contracts/analytics'
import {
  OVERVIEW_DEFAULT_DAYS,
  OVERVIEW_TOP_STORES,
  type OperatorOverview,
  type OperatorOverviewQuery,
} from '@barrio/contracts/operator-overview'
import { buenosAiresDay } from '../../lib/buenos-aires-day.ts'
import type { CityOverviewRepository, DayRange, Figures } from './city-overview.repository.ts'

const ZERO: Figures = { gmv: 0, orders: 0, commission: 0, cancelled: 0 }

/** Most GMV first; orders, then the key, break ties so the order is stable. */
function byGmv<T extends Figures>(key: (row: T) => string) {
  return (a: T, b: T) =>
    b.gmv - a.gmv || b.orders - a.orders || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)
}

/**
 * The operator's overview of the city (issue 24, decision 048): the seller analytics' figures
 * (decision 017) over every store, per Buenos Aires day, place and category, and the top stores.
 */
export function createCityOverviewService(deps: {
  repository: CityOverviewRepository
  /** The real clock: "the last 30 days" end today in Buenos Aires. */
  now?: () => Date
}) {
  const { repository, now = () => new Date() } = deps

  /** The range asked for, or the last OVERVIEW_DEFAULT_DAYS Buenos Aires days. */
  function rangeOf(query: OperatorOverviewQuery): DayRange {
    if (query.from && query.to) return { from: query.from, to: query.to }
    const today = buenosAiresDay(now())
    return { from: addDays(today, -(OVERVIEW_DEFAULT_DAYS - 1)), to: today }
  }

  return {
    rangeOf,

    async get(query: OperatorOverviewQuery): Promise<OperatorOverview> {
      const range = rangeOf(query)
      const [figures, growth] = await Promise.all([
        repository.figures(range, OVERVIEW_TOP_STORES),
        repository.growth(range),
      ])
      const { stores: activeStores, ...totals } = figures.totals
      const placed = totals.orders + totals.cancelled
      return {
        from: range.from,
        to: range.to,
        totals: {
          ...totals,
          averageTicket: totals.orders === 0 ? 0 : Math.round(totals.gmv / totals.orders),
          cancellationRate: placed === 0 ? 0 : totals.cancelled / placed,
          activeStores,
          ...growth,
        },
        series: Array.from({ length: daysInRange(range.from, range.to) }, (_, i) => {
          const date = addDays(range.from, i)
          return { date, ...(figures.series.get(date) ?? ZERO) }
        }),
        byProvince: figures.byProvince.sort(byGmv((r) => r.provinceCode)),
        byCity: figures.byCity.sort(byGmv((r) => `${r.provinceCode}/${r.city}`)),
        byCategory: figures.byCategory.sort(byGmv((r) => r.category)),
        topStores: figures.topStores.sort(byGmv((r) => r.storeId)),
      }
    },
  }
}
export type CityOverviewService = ReturnType<typeof createCityOverviewService>
