import { z } from 'zod'
import { moneySchema } from './common.ts'
import { calendarDaySchema } from './dates.ts'
import { deliveryTypeSchema, paymentMethodSchema } from './enums.ts'

/**
 * Seller analytics (GET /api/v1/admin/analytics, docs/decisions/017-analytics.md). Days are
 * America/Argentina/Buenos_Aires days written YYYY-MM-DD; money is integer centavos of ARS.
 */

/** The longest range one call may ask for, in days (both ends included). */
export const ANALYTICS_MAX_DAYS = 366

const DAY_MS = 86_400_000
const dayField = (label: string) =>
  calendarDaySchema(`Usá una fecha ${label} con el formato AAAA-MM-DD`)

/** Days from `from` to `to`, both included (plain calendar arithmetic on YYYY-MM-DD). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1
}

/** YYYY-MM-DD plus `days` (negative goes back). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

/** from ≤ to, at most ANALYTICS_MAX_DAYS days; the error names `to`. */
function checkRange(range: { from: string; to: string }, ctx: z.RefinementCtx) {
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
}

/** The range both endpoints take. */
export const analyticsRangeSchema = z
  .object({ from: dayField('de inicio'), to: dayField('de fin') })
  .superRefine(checkRange)
export type AnalyticsRange = z.infer<typeof analyticsRangeSchema>

export const analyticsTotalsSchema = z.object({
  /** Non-cancelled orders' totals, refunded orders subtracted (centavos). */
  sales: moneySchema,
  /** Orders not cancelled (refunded ones included: they were orders). */
  orders: z.number().int().min(0),
  /** sales / orders, rounded to the centavo; 0 without orders. */
  averageTicket: moneySchema,
  /** Cancelled orders. */
  cancelled: z.number().int().min(0),
  /** What the store's coupons took off its non-cancelled orders (centavos, issue 28). */
  discounts: moneySchema.default(0),
})
export type AnalyticsTotals = z.infer<typeof analyticsTotalsSchema>

/** A best-selling product: units and line revenue (centavos) over orders neither cancelled nor refunded. */
export const topProductSchema = z.object({
  productId: z.uuid(),
  title: z.string(),
  units: z.number().int(),
  sales: moneySchema,
})
export type TopProduct = z.infer<typeof topProductSchema>

/** A best-selling collection: the sums of its products' lines. */
export const topCollectionSchema = z.object({
  collectionId: z.uuid(),
  title: z.string(),
  units: z.number().int(),
  sales: moneySchema,
})
export type TopCollection = z.infer<typeof topCollectionSchema>

export const ANALYTICS_GRANULARITIES = ['day', 'hour'] as const

export const analyticsSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  /** 'hour' when from == to (series dates 'YYYY-MM-DDTHH'), else 'day' ('YYYY-MM-DD'). */
  granularity: z.enum(ANALYTICS_GRANULARITIES),
  totals: analyticsTotalsSchema,
  /** The same figures for the period of equal length just before `from`. */
  previous: analyticsTotalsSchema.extend({ from: z.iso.date(), to: z.iso.date() }),
  /** Every day (or hour) of the range, in order, zeros included. */
  series: z.array(z.object({ date: z.string(), sales: moneySchema, orders: z.number().int() })),
  byDeliveryType: z.array(
    z.object({ deliveryType: deliveryTypeSchema, sales: moneySchema, orders: z.number().int() }),
  ),
  byPaymentMethod: z.array(
    z.object({ paymentMethod: paymentMethodSchema, sales: moneySchema, orders: z.number().int() }),
  ),
  /** The ten products with the most line revenue (units break ties). */
  topProducts: z.array(topProductSchema),
  /** The ten products with the most units sold (revenue breaks ties). */
  topProductsByUnits: z.array(topProductSchema),
  /**
   * The ten collections with the most line revenue of their products (units break ties), by the
   * store's current product↔collection links; a product in two collections counts in both.
   */
  topCollections: z.array(topCollectionSchema),
  /** The ten collections with the most units sold (revenue breaks ties). */
  topCollectionsByUnits: z.array(topCollectionSchema),
  /**
   * Customers (signed-in buyers) with a non-cancelled order in the range: `new` placed their
   * first order at this store in the range, `returning` had ordered here before it.
   */
  customers: z.object({ new: z.number().int(), returning: z.number().int() }),
})
export type Analytics = z.infer<typeof analyticsSchema>

export const ANALYTICS_EXPORT_TABLES = [
  'series',
  'byDeliveryType',
  'byPaymentMethod',
  'topProducts',
  'topProductsByUnits',
  'topCollections',
  'topCollectionsByUnits',
] as const
export type AnalyticsExportTable = (typeof ANALYTICS_EXPORT_TABLES)[number]

export const analyticsExportQuerySchema = z
  .object({
    from: dayField('de inicio'),
    to: dayField('de fin'),
    table: z.enum(ANALYTICS_EXPORT_TABLES, {
      error:
        'Elegí una tabla: series, byDeliveryType, byPaymentMethod, topProducts, topProductsByUnits, topCollections o topCollectionsByUnits',
    }),
  })
  .superRefine(checkRange)
export type AnalyticsExportQuery = z.infer<typeof analyticsExportQuerySchema>

const EXPORT_FILE_NAMES: Record<AnalyticsExportTable, string> = {
  series: 'ventas-por-dia',
  byDeliveryType: 'ventas-por-entrega',
  byPaymentMethod: 'ventas-por-medio-de-pago',
  topProducts: 'productos-mas-vendidos',
  topProductsByUnits: 'productos-mas-vendidos-por-unidades',
  topCollections: 'colecciones-mas-vendidas',
  topCollectionsByUnits: 'colecciones-mas-vendidas-por-unidades',
}

/** The CSV's file name (server's Content-Disposition and the browser's download agree). */
export function analyticsCsvFileName(table: AnalyticsExportTable, from: string, to: string) {
  const name = table === 'series' && from === to ? 'ventas-por-hora' : EXPORT_FILE_NAMES[table]
  return `${name}-${from}-a-${to}.csv`
}
