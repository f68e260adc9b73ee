import { z } from 'zod'
import { productFilterSchema } from './admin-products.ts'
import { moneySchema } from './common.ts'
import { MAX_PRICE_CENTS } from './constants.ts'
import { pageOf, paginationQuery } from './pagination.ts'

/**
 * Prices that follow inflation (issue 28, decision 053): one rule applied to every variant of the
 * products a filter matches, previewed first, recorded with each variant's prices before and
 * after so that it can be undone.
 */

export const PRICE_CHANGE_TYPES = ['percent', 'amount'] as const
export type PriceChangeType = (typeof PRICE_CHANGE_TYPES)[number]

/** Which of a variant's prices the rule changes. */
export const PRICE_CHANGE_TARGETS = ['price', 'compareAtPrice', 'both'] as const
export type PriceChangeTarget = (typeof PRICE_CHANGE_TARGETS)[number]
export const PRICE_CHANGE_TARGET_LABELS: Record<PriceChangeTarget, string> = {
  price: 'Precio',
  compareAtPrice: 'Precio de lista (tachado)',
  both: 'Precio y precio de lista',
}

/**
 * How a new price is rounded (decision 053): `10` and `100` to the nearest multiple of $ 10 or
 * $ 100, `ends-99` to the nearest whole-peso price ending in 99 ($ 1.299), halves upwards.
 */
export const PRICE_ROUNDINGS = ['none', '10', '100', 'ends-99'] as const
export type PriceRounding = (typeof PRICE_ROUNDINGS)[number]
export const PRICE_ROUNDING_LABELS: Record<PriceRounding, string> = {
  none: 'Sin redondeo',
  '10': 'A los $ 10 más cercanos',
  '100': 'A los $ 100 más cercanos',
  'ends-99': 'Terminado en 99 (como $ 1.299)',
}

/**
 * A percent travels as basis points (1 bp = 0,01 %; 1250 = 12,5 %), never as a float: from
 * −99,99 % (a price may not reach $ 0) to +1000 %.
 */
export const MIN_PERCENT_BP = -9_999
export const MAX_PERCENT_BP = 100_000

export const priceChangeRuleSchema = z.discriminatedUnion(
  'type',
  [
    z
      .object({
        type: z.literal('percent'),
        value: z
          .number({ error: 'Ingresá el porcentaje' })
          .int('El porcentaje va en centésimos de punto (1250 = 12,5 %)')
          .min(MIN_PERCENT_BP, 'No se puede bajar un 100 % o más')
          .max(MAX_PERCENT_BP, 'El aumento no puede superar el 1000 %')
          .refine((v) => v !== 0, 'Ingresá un porcentaje distinto de 0'),
      })
      .strict(),
    z
      .object({
        type: z.literal('amount'),
        value: z
          .number({ error: 'Ingresá el importe' })
          .int('El importe va en centavos, sin decimales')
          .min(-MAX_PRICE_CENTS, 'El importe no puede superar $ 10.000.000')
          .max(MAX_PRICE_CENTS, 'El importe no puede superar $ 10.000.000')
          .refine((v) => v !== 0, 'Ingresá un importe distinto de $ 0'),
      })
      .strict(),
  ],
  { error: 'Elegí si el cambio es un porcentaje o un importe' },
)
export type PriceChangeRule = z.infer<typeof priceChangeRuleSchema>

/**
 * Which products: the products list's own filter (search, status, collection, price, stock) plus
 * the products picked by hand and tags. Every variant of a matching product is changed. With
 * nothing set, every product of the store.
 */
export const bulkPriceFilterSchema = productFilterSchema
  .extend({
    productIds: z
      .array(z.uuid({ error: 'El id del producto no es válido' }))
      .min(1, 'Elegí al menos un producto')
      .max(1000, 'Hasta 1000 productos elegidos a la vez')
      .optional(),
    /** Products carrying any of these tags. */
    tags: z
      .array(z.string().trim().min(1, 'La etiqueta está vacía').max(40))
      .min(1, 'Elegí al menos una etiqueta')
      .max(30, 'Hasta 30 etiquetas')
      .optional(),
  })
  .strict()
export type BulkPriceFilter = z.infer<typeof bulkPriceFilterSchema>

/** POST /api/v1/admin/products/bulk-price */
export const bulkPriceInputSchema = z
  .object({
    filter: bulkPriceFilterSchema.default({}),
    change: priceChangeRuleSchema,
    apply: z.enum(PRICE_CHANGE_TARGETS, { error: 'Elegí qué precio cambia' }).default('price'),
    rounding: z.enum(PRICE_ROUNDINGS, { error: 'Elegí un redondeo' }).default('none'),
    /** True: only the preview, nothing is saved. */
    dryRun: z.boolean().default(false),
  })
  .strict()
export type BulkPriceInput = z.input<typeof bulkPriceInputSchema>
export type BulkPriceRequest = z.infer<typeof bulkPriceInputSchema>

/** A variant's two prices, in centavos. */
export const variantPricesSchema = z.object({
  price: moneySchema,
  compareAtPrice: moneySchema.nullable(),
})
export type VariantPrices = z.infer<typeof variantPricesSchema>

export const bulkPricePreviewRowSchema = z.object({
  productId: z.string(),
  variantId: z.string(),
  /** The product's title. */
  title: z.string(),
  /** The variant's ("M / Negro"); null for a product's only, default variant. */
  variantTitle: z.string().nullable(),
  before: variantPricesSchema,
  after: variantPricesSchema,
})
export type BulkPricePreviewRow = z.infer<typeof bulkPricePreviewRowSchema>

/** How many preview rows the dry run answers. */
export const BULK_PRICE_PREVIEW_ROWS = 50

/** The dry run's answer: how many variants change, and the first 50 of them. */
export const bulkPricePreviewSchema = z.object({
  count: z.number().int().nonnegative(),
  docs: z.array(bulkPricePreviewRowSchema),
})
export type BulkPricePreview = z.infer<typeof bulkPricePreviewSchema>

/** The change's answer. */
export const bulkPriceResultSchema = z.object({
  changeId: z.string(),
  count: z.number().int().nonnegative(),
})
export type BulkPriceResult = z.infer<typeof bulkPriceResultSchema>

/** GET /api/v1/admin/price-changes: one past bulk change. */
export const priceChangeSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  /** Who made it; null once that account is gone. */
  actor: z.object({ _id: z.string(), name: z.string() }).nullable(),
  filter: bulkPriceFilterSchema,
  change: priceChangeRuleSchema,
  apply: z.enum(PRICE_CHANGE_TARGETS),
  rounding: z.enum(PRICE_ROUNDINGS),
  /** Variants whose prices it changed. */
  count: z.number().int().nonnegative(),
  /** Set once undone, with how many variants went back and how many were left. */
  undo: z
    .object({
      at: z.string(),
      by: z.object({ _id: z.string(), name: z.string() }).nullable(),
      restored: z.number().int().nonnegative(),
      left: z.number().int().nonnegative(),
    })
    .nullable(),
})
export type PriceChange = z.infer<typeof priceChangeSchema>
export const priceChangePageSchema = pageOf(priceChangeSchema)
export const priceChangeListQuerySchema = paginationQuery(20)

/** A variant an undo did not restore: its prices moved since the change, or it was deleted. */
export const priceChangeLeftRowSchema = z.object({
  productId: z.string(),
  variantId: z.string(),
  title: z.string(),
  variantTitle: z.string().nullable(),
  /** What the change had left. */
  expected: variantPricesSchema,
  /** What it has now; null: the variant no longer exists. */
  current: variantPricesSchema.nullable(),
})
export type PriceChangeLeftRow = z.infer<typeof priceChangeLeftRowSchema>

/** POST /api/v1/admin/price-changes/{id}/undo */
export const priceChangeUndoResultSchema = z.object({
  changeId: z.string(),
  restored: z.number().int().nonnegative(),
  /** How many were left; `left` names the first 200 of them. */
  leftCount: z.number().int().nonnegative(),
  left: z.array(priceChangeLeftRowSchema),
})
export type PriceChangeUndoResult = z.infer<typeof priceChangeUndoResultSchema>

/** "+12,5 %" from basis points, for labels (es-AR: decimal comma). */
export function formatPercentBp(bp: number): string {
  const sign = bp > 0 ? '+' : bp < 0 ? '−' : ''
  const abs = Math.abs(bp)
  const whole = Math.floor(abs / 100)
  const cents = abs % 100
  const decimals = cents === 0 ? '' : `,${String(cents).padStart(2, '0').replace(/0$/, '')}`
  return `${sign}${whole}${decimals} %`
}
