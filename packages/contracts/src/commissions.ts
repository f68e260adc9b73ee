import { z } from 'zod'
import { moneySchema, storeCategorySchema } from './common.ts'
import { CALENDAR_DAY_YEARS } from './dates.ts'
import { orderStatusSchema, paymentMethodSchema, paymentStatusSchema } from './enums.ts'

/**
 * The platform's commission (issue 24, decision 045): rates in basis points (1 bp = 0.01 %,
 * 10000 bp = 100 %); a store's own rate overrides its category's, which overrides the default.
 * Each order records its rate and commission (centavos) when it is placed; refunds reduce it pro
 * rata. The monthly statement says what the store owes for a Buenos Aires calendar month.
 */

/** The largest rate: 100 %. */
export const MAX_RATE_BP = 10_000

export const rateBpSchema = z
  .number({ error: 'Indicá la comisión' })
  .int('La comisión va en puntos básicos (centésimos de punto), sin decimales')
  .min(0, 'La comisión no puede ser negativa')
  .max(MAX_RATE_BP, 'La comisión no puede superar el 100 %')

/** PUT /operator/commissions: the whole set of rates, replacing the saved one. */
export const commissionSettingsInputSchema = z
  .object({
    defaultRateBp: rateBpSchema,
    byCategory: z.partialRecord(storeCategorySchema, rateBpSchema).default({}),
    byStore: z
      .array(
        z
          .object({
            storeId: z.uuid({ error: 'Elegí una tienda' }),
            rateBp: rateBpSchema,
          })
          .strict(),
      )
      .max(2000, 'Hasta 2000 tiendas con comisión propia')
      .default([]),
  })
  .strict()
export type CommissionSettingsInput = z.input<typeof commissionSettingsInputSchema>

/** GET and PUT /operator/commissions answer: the input's shape, stores named. */
export const commissionSettingsSchema = z.object({
  defaultRateBp: z.number().int(),
  byCategory: z.partialRecord(storeCategorySchema, z.number().int()),
  byStore: z.array(
    z.object({
      storeId: z.string(),
      rateBp: z.number().int(),
      storeName: z.string(),
      storeHandle: z.string(),
      category: storeCategorySchema,
    }),
  ),
  updatedAt: z.string().nullable(),
})
export type CommissionSettings = z.infer<typeof commissionSettingsSchema>

/** GET /operator/commissions/stores?q=: stores to pick (rates, statements), with their rate. */
export const commissionStoreSearchQuerySchema = z.object({
  q: z.string().trim().max(100, 'Buscá con hasta 100 caracteres').optional(),
})
export const commissionStoreSchema = z.object({
  _id: z.string(),
  name: z.string(),
  handle: z.string(),
  category: storeCategorySchema,
  /** The rate an order placed now would record (store, else category, else default). */
  rateBp: z.number().int(),
})
export type CommissionStore = z.infer<typeof commissionStoreSchema>
export const commissionStoreListSchema = z.object({ items: z.array(commissionStoreSchema) })

// ---------------------------------------------------------------------------------------------
// Statements

/** A Buenos Aires calendar month, YYYY-MM, within the reports' years. */
export const statementMonthSchema = z
  .string({ error: 'Elegí un mes' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Usá un mes AAAA-MM')
  .refine((month) => {
    const year = Number(month.slice(0, 4))
    return year >= CALENDAR_DAY_YEARS.min && year <= CALENDAR_DAY_YEARS.max
  }, `Usá un mes entre los años ${CALENDAR_DAY_YEARS.min} y ${CALENDAR_DAY_YEARS.max}`)

/** GET /admin/statements (and .csv): the selected store's month (x-store-id). */
export const adminStatementQuerySchema = z.object({ month: statementMonthSchema })
export type AdminStatementQuery = z.infer<typeof adminStatementQuerySchema>

/** GET /operator/statements (and .csv): any store's month. */
export const operatorStatementQuerySchema = adminStatementQuerySchema.extend({
  storeId: z.uuid({ error: 'Elegí una tienda' }),
})
export type OperatorStatementQuery = z.infer<typeof operatorStatementQuerySchema>

/** One order of the month (cancelled orders owe nothing and are left out). */
export const statementLineSchema = z.object({
  _id: z.string(),
  number: z.number().int(),
  createdAt: z.string(),
  paymentMethod: paymentMethodSchema,
  paymentStatus: paymentStatusSchema,
  status: orderStatusSchema,
  /** The items after discounts: what the commission is taken on (no delivery, no added taxes). */
  subtotal: moneySchema,
  total: moneySchema,
  refundedAmount: moneySchema,
  /** Net sales: total − refunded. */
  sales: moneySchema,
  commissionRateBp: z.number().int(),
  /** Commission at placement. */
  commissionPlaced: moneySchema,
  /** The part refunds took back (pro rata of total refunded). */
  commissionRefunded: moneySchema,
  /** What the order owes the platform: placed − refunded. */
  commission: moneySchema,
  /** Commission Mercado Pago already kept for the platform (0 until the marketplace split). */
  collected: moneySchema,
})
export type StatementLine = z.infer<typeof statementLineSchema>

export const statementSchema = z.object({
  store: z.object({ _id: z.string(), name: z.string(), handle: z.string() }),
  month: z.string(),
  /** The month's instants [from, to): Buenos Aires midnights. */
  from: z.string(),
  to: z.string(),
  ordersCount: z.number().int(),
  sales: moneySchema,
  commission: moneySchema,
  collected: moneySchema,
  /** What the store owes: commission − collected (never below 0). */
  balance: moneySchema,
  lines: z.array(statementLineSchema),
})
export type Statement = z.infer<typeof statementSchema>

/** Basis points as a percent number (1250 → 12.5). */
export function rateBpToPercent(rateBp: number): number {
  return rateBp / 100
}

/** A percent as basis points, rounded to the nearest bp (12.345 → 1235); NaN stays NaN. */
export function percentToRateBp(percent: number): number {
  return Math.round(percent * 100)
}
