import { z } from 'zod'
import { currencySchema, moneySchema } from './common.ts'
import { PAGE_SIZES } from './constants.ts'
import { pageOf, paginationQuery } from './pagination.ts'
import { storeSummarySchema } from './stores.ts'
import { pointQuerySchema } from './common.ts'

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
