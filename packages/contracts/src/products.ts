import { z } from 'zod'
import { currencySchema, moneySchema } from './common.ts'
import { PAGE_SIZES } from './constants.ts'
import { pageOf, paginationQuery } from './pagination.ts'
import { storeSummarySchema } from './stores.ts'
import { pointQuerySchema } from './common.ts'
import { MAX_UNIT_MEASURE_QUANTITY, MEASURE_UNITS, UNIT_MEASURE_DECIMALS } from './legal-prices.ts'

export * from './legal-prices.ts'

const hasAtMostDecimals = (n: number, digits: number) =>
  Math.abs(Math.round(n * 10 ** digits) - n * 10 ** digits) < 1e-6

/**
 * A variant's unit of measure (issue 27, decision 050): what the price buys, for the price per
 * kilo, litre, metre or unit. Units are whole.
 */
export const unitMeasureSchema = z
  .object({
    unit: z.enum(MEASURE_UNITS, { error: 'Elegí la unidad de medida' }),
    quantity: z
      .number({ error: 'Ingresá la cantidad' })
      .positive('La cantidad tiene que ser mayor que cero')
      .max(MAX_UNIT_MEASURE_QUANTITY, 'La cantidad no puede superar 100.000')
      .refine((n) => hasAtMostDecimals(n, UNIT_MEASURE_DECIMALS), 'Hasta tres decimales'),
  })
  .strict()
  .refine((m) => m.unit !== 'unit' || Number.isInteger(m.quantity), {
    message: 'Las unidades van sin decimales',
    path: ['quantity'],
  })

/** A national tax on a product as customers' answers carry it (rate in percent). */
export const productTaxSchema = z.object({ rate: z.number(), included: z.boolean() })

export const productStatusSchema = z.enum(['draft', 'active', 'archived'])

export const variantSchema = z.object({
  _id: z.string(),
  title: z.string(),
  sku: z.string().nullable(),
  options: z.record(z.string(), z.string()),
  /** Integer centavos. */
  price: moneySchema,
  compareAtPrice: moneySchema.nullable(),
  stock: z.number().int(),
  trackInventory: z.boolean(),
  isAvailable: z.boolean(),
  /** What the price buys (500 g, 1 l, 6 units), for the price per unit; null when not given. */
  unitMeasure: unitMeasureSchema.nullable().default(null),
})
export type Variant = z.infer<typeof variantSchema>

export const mediaSchema = z.object({
  mediaId: z.string(),
  url: z.string(),
  /**
   * A 400 × 400 WebP rendition (square crop) for grids and thumbnails, when one was made; older
   * answers and images without one leave it out, so clients fall back to `url`.
   */
  thumbUrl: z.string().nullable().optional(),
  alt: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  position: z.number().int(),
})

/** Spec section 3: Product, as customers see it (active products of active shops only). */
export const productSchema = z.object({
  _id: z.string(),
  title: z.string(),
  handle: z.string(),
  description: z.string(),
  status: productStatusSchema,
  tags: z.array(z.string()),
  options: z.array(z.string()),
  collectionIds: z.array(z.string()),
  currency: currencySchema,
  /** The lowest variant price, integer centavos. */
  price: moneySchema,
  compareAtPrice: moneySchema.nullable(),
  isAvailable: z.boolean(),
  variants: z.array(variantSchema),
  media: z.array(mediaSchema),
  store: storeSummarySchema,
  /**
   * The store's taxes that apply to this product (decision 050): `finalPrice` and
   * `priceWithoutNationalTaxes` of `legal-prices.ts` compute what customers are shown.
   */
  taxes: z.array(productTaxSchema).default([]),
})
export type Product = z.infer<typeof productSchema>
export const productPageSchema = pageOf(productSchema)

/** Page size 9 in the location flavour and 10 otherwise (spec section 9): applied by the API. */
export const productListQuerySchema = paginationQuery(PAGE_SIZES.products).extend({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  ...pointQuerySchema.shape,
  q: z.string().trim().max(100).optional(),
  shopId: z.string().trim().max(100).optional(),
  collection: z.string().trim().max(100).optional(),
})
export type ProductListQuery = z.infer<typeof productListQuerySchema>

export const productLookupQuerySchema = z.object({ shopId: z.string().trim().max(100).optional() })
