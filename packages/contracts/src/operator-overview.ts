import { z } from 'zod'
import { ANALYTICS_MAX_DAYS, daysInRange } from './analytics.ts'
import { moneySchema, storeCategorySchema } from './common.ts'
import { calendarDaySchema } from './dates.ts'

/**
 * The city at a glance (issue 24, decision 048): GET /api/v1/operator/overview?from&to, the
 * operator's figures over every store. Days are America/Argentina/Buenos_Aires calendar days
 * (YYYY-MM-DD, both ends included) and the figures mean what the seller's analytics mean
 * (decision 017): summed over every store, they equal the sum of each store's own analytics.
 */

/** Without `from` and `to`, the last this many Buenos Aires days, today included. */
export const OVERVIEW_DEFAULT_DAYS = 30
/** The ten stores with the most GMV in the range. */
export const OVERVIEW_TOP_STORES = 10

const dayField = (label: string) =>
  calendarDaySchema(`Usá una fecha ${label} con el formato AAAA-MM-DD`)

/**
 * Both days or neither (the default range); from ≤ to; at most ANALYTICS_MAX_DAYS days, as the
 * seller's analytics. Range errors name `to`, a missing half names itself.
 */
export const operatorOverviewQuerySchema = z
  .object({ from: dayField('de inicio').optional(), to: dayField('de fin').optional() })
  .superRefine((range, ctx) => {
    if (range.from && !range.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Elegí también la fecha de fin' })
      return
    }
    if (range.to && !range.from) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'Elegí también la fecha de inicio' })
      return
    }
    if (!range.from || !range.to) return
    const days = daysInRange(range.from, range.to)
    if (days < 1)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'La fecha de fin no puede ser anterior a la de inicio',
      })
    else if (days > ANALYTICS_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `Elegí un período de ${ANALYTICS_MAX_DAYS} días como máximo`,
      })
  })
export type OperatorOverviewQuery = z.infer<typeof operatorOverviewQuerySchema>

const count = z.number().int().min(0)

/** What every row of the overview sums: the same four figures, by day, place or category. */
export const overviewFiguresSchema = z.object({
  /**
   * Gross merchandise value, net of refunds: orders' `total` (products + delivery + taxes) minus
   * what was refunded, cancelled orders left out; the seller analytics' `sales` (centavos).
   */
  gmv: moneySchema,
  /** Orders not cancelled (refunded ones included: they were orders). */
  orders: count,
  /** The platform's commission net of refunds (`commission − commission_refunded`), centavos. */
  commission: moneySchema,
  /** Cancelled orders. */
  cancelled: count,
})
export type OverviewFigures = z.infer<typeof overviewFiguresSchema>

/** A row of a breakdown: the figures and the stores with at least one order in it. */
const breakdownFigures = overviewFiguresSchema.extend({
  /** Stores with at least one order (not cancelled) in the range in this group. */
  stores: count,
})

export const operatorOverviewSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  totals: overviewFiguresSchema.extend({
    /** gmv / orders, rounded to the centavo; 0 without orders. */
    averageTicket: moneySchema,
    /** cancelled / (orders + cancelled), 0 to 1; 0 without orders. */
    cancellationRate: z.number().min(0).max(1),
    /** Stores with at least one order (not cancelled) in the range: the stores that sold. */
    activeStores: count,
    /** Stores customers can see today (active, not suspended): not a figure of the range. */
    listedStores: count,
    /** Stores created in the range (whatever their status now). */
    newStores: count,
    /**
     * Signed-in buyers whose first order on Barrio (not cancelled, any store) was placed in the
     * range; guest orders are not customers.
     */
    newCustomers: count,
  }),
  /** Every day of the range, in order, zeros included. */
  series: z.array(overviewFiguresSchema.extend({ date: z.iso.date() })),
  /** Per province of the stores (their address today), most GMV first. */
  byProvince: z.array(breakdownFigures.extend({ provinceCode: z.string() })),
  /** Per city of the stores, most GMV first. */
  byCity: z.array(breakdownFigures.extend({ provinceCode: z.string(), city: z.string() })),
  /** Per store category (the store's category today), most GMV first. */
  byCategory: z.array(breakdownFigures.extend({ category: storeCategorySchema })),
  /** The OVERVIEW_TOP_STORES stores with the most GMV (orders break ties). */
  topStores: z.array(
    overviewFiguresSchema.extend({
      storeId: z.uuid(),
      name: z.string(),
      handle: z.string(),
      category: storeCategorySchema,
      city: z.string(),
      provinceCode: z.string(),
      /** Suspended by Barrio now (decision 044): its figures still count. */
      suspended: z.boolean(),
    }),
  ),
})
export type OperatorOverview = z.infer<typeof operatorOverviewSchema>
