import { z } from 'zod'
import { moneySchema, priceInputSchema } from './common.ts'
import { MAX_INT32, PAGE_SIZES } from './constants.ts'
import { filterDateSchema } from './dates.ts'
import { pageOf, paginationQuery } from './pagination.ts'
import { handleSchema, moderationNoticeSchema } from './admin-stores.ts'
import { unitMeasureSchema } from './products.ts'

export const PRODUCT_STATUSES = ['draft', 'active', 'archived'] as const
export const PRODUCT_STATUS_LABELS = {
  draft: 'Borrador',
  active: 'Activo',
  archived: 'Archivado',
} as const

const cents = priceInputSchema

export const adminVariantInputSchema = z
  .object({
    _id: z.uuid().optional(),
    title: z.string().trim().max(120).default(''),
    sku: z.string().trim().max(64).nullish(),
    options: z
      .record(z.string().trim().min(1).max(40), z.string().trim().min(1).max(60))
      .default({}),
    price: cents('el precio'),
    compareAtPrice: cents('el precio de lista').nullish(),
    stock: z
      .number()
      .int('El stock es un número entero')
      .min(0, 'El stock no puede ser negativo')
      .max(1_000_000)
      .default(0),
    trackInventory: z.boolean().default(true),
    weight: z.number().int().min(0).max(1_000_000).nullish(),
    /** What the price buys, for the price per unit (issue 27); null or absent clears it. */
    unitMeasure: unitMeasureSchema.nullish(),
  })
  .strict()

export const adminProductInputSchema = z
  .object({
    _id: z.uuid().optional(),
    title: z.string({ error: 'Ingresá el título' }).trim().min(1, 'Ingresá el título').max(200),
    handle: handleSchema.optional(),
    description: z.string().trim().max(10_000).default(''),
    status: z.enum(PRODUCT_STATUSES).default('draft'),
    collectionIds: z.array(z.uuid()).max(50).default([]),
    tags: z.array(z.string().trim().min(1).max(40)).max(30).default([]),
    options: z
      .array(z.string().trim().min(1).max(40))
      .max(3, 'Hasta 3 opciones (ej.: Talle, Color)')
      .default([]),
    variants: z
      .array(adminVariantInputSchema)
      .min(1, 'El producto necesita al menos una variante')
      .max(100),
    /** Media ids in display order; the first is the main image. */
    mediaOrder: z.array(z.uuid()).optional(),
  })
  .strict()
export type AdminProductInput = z.infer<typeof adminProductInputSchema>

export const adminVariantSchema = z.object({
  _id: z.string(),
  title: z.string(),
  sku: z.string().nullable(),
  options: z.record(z.string(), z.string()),
  price: moneySchema,
  compareAtPrice: moneySchema.nullable(),
  stock: z.number().int(),
  trackInventory: z.boolean(),
  weight: z.number().int().nullable(),
  unitMeasure: unitMeasureSchema.nullable().default(null),
})

export const adminMediaSchema = z.object({
  mediaId: z.string(),
  url: z.string(),
  thumbUrl: z.string().nullable(),
  alt: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  position: z.number().int(),
  isMain: z.boolean(),
})

export const adminProductSchema = z.object({
  _id: z.string(),
  storeId: z.string(),
  title: z.string(),
  handle: z.string(),
  description: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  /** Hidden by Barrio's operator (issue 24): customers do not see it, whatever its status. */
  hidden: moderationNoticeSchema.nullable().default(null),
  collectionIds: z.array(z.string()),
  tags: z.array(z.string()),
  options: z.array(z.string()),
  variants: z.array(adminVariantSchema),
  media: z.array(adminMediaSchema),
  totalStock: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type AdminProduct = z.infer<typeof adminProductSchema>
export const adminProductPageSchema = pageOf(adminProductSchema)

/** A number in the product filter: compared with integer columns, so it must fit in one. */
const filterInt = z.number().int().min(0).max(MAX_INT32, 'El número es demasiado grande')

/**
 * The `query` JSON filter of GET /admin/products. Only these fields and operators exist; anything
 * else is 400 INVALID. A bare value means $eq.
 */
export const productFilterSchema = z
  .object({
    search: z
      .union([
        z.string().trim().max(100),
        z.object({ $contains: z.string().trim().max(100) }).strict(),
      ])
      .optional(),
    status: z
      .union([
        z.enum(PRODUCT_STATUSES),
        z.object({ $eq: z.enum(PRODUCT_STATUSES) }).strict(),
        z.object({ $in: z.array(z.enum(PRODUCT_STATUSES)).min(1) }).strict(),
      ])
      .optional(),
    collectionId: z
      .union([
        z.uuid(),
        z.object({ $eq: z.uuid() }).strict(),
        z.object({ $in: z.array(z.uuid()).min(1).max(50) }).strict(),
      ])
      .optional(),
    price: z
      .object({
        $gte: filterInt.optional(),
        $lte: filterInt.optional(),
        $gt: filterInt.optional(),
        $lt: filterInt.optional(),
      })
      .strict()
      .optional(),
    stock: z.object({ $lt: filterInt.optional(), $lte: filterInt.optional() }).strict().optional(),
    updatedAt: z
      .object({
        $gte: filterDateSchema.optional(),
        $gt: filterDateSchema.optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
export type ProductFilter = z.infer<typeof productFilterSchema>

export const PRODUCT_SORTS = [
  'updatedAt',
  '-updatedAt',
  'title',
  '-title',
  'price',
  '-price',
  'stock',
  '-stock',
] as const
export const adminProductListQuerySchema = paginationQuery(PAGE_SIZES.adminProducts).extend({
  query: z.string().max(2000).optional(),
  sort: z.enum(PRODUCT_SORTS).default('-updatedAt'),
})

export const newProductIdSchema = z.object({ _id: z.uuid() })

/** Inventory: one row per variant. */
export const inventoryRowSchema = z.object({
  variantId: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  variantTitle: z.string(),
  sku: z.string().nullable(),
  /** Unit price in centavos (the seller's order form shows and totals it). */
  price: moneySchema,
  stock: z.number().int(),
  trackInventory: z.boolean(),
  status: z.enum(PRODUCT_STATUSES),
})
export const inventoryPageSchema = pageOf(inventoryRowSchema)
export const inventoryQuerySchema = paginationQuery(PAGE_SIZES.adminProducts).extend({
  q: z.string().trim().max(100).optional(),
  lowStock: z.coerce.number().int().min(0).max(100_000).optional(),
})
export const inventoryAdjustInputSchema = z
  .object({
    variantId: z.uuid({ error: 'Elegí una variante' }),
    delta: z.number().int().min(-1_000_000).max(1_000_000).optional(),
    quantity: z.number().int().min(0, 'El stock no puede ser negativo').max(1_000_000).optional(),
  })
  .strict()
  .refine((v) => (v.delta === undefined) !== (v.quantity === undefined), {
    message: 'Indicá una cantidad nueva o un ajuste, no ambos',
    path: ['quantity'],
  })
