import { z } from 'zod'
import { imageUrlInputSchema } from './common.ts'
import { PAGE_SIZES } from './constants.ts'
import { pageOf, paginationQuery } from './pagination.ts'
import { handleSchema } from './admin-stores.ts'

export const adminCollectionSchema = z.object({
  _id: z.string(),
  title: z.string(),
  handle: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  position: z.number().int(),
  /** Member products in display order. */
  productIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type AdminCollection = z.infer<typeof adminCollectionSchema>
export const adminCollectionPageSchema = pageOf(adminCollectionSchema)
export const adminCollectionListQuerySchema = paginationQuery(PAGE_SIZES.collections).extend({
  q: z.string().trim().max(100).optional(),
})

export const adminCollectionInputSchema = z
  .object({
    title: z.string({ error: 'Ingresá el título' }).trim().min(1, 'Ingresá el título').max(120),
    handle: handleSchema.optional(),
    description: z.string().trim().max(2000).default(''),
    /** An image stored by Barrio (e.g. a product photo's URL): see imageUrlInputSchema. */
    imageUrl: imageUrlInputSchema,
    position: z.number().int().min(0).max(10_000).default(0),
    productIds: z.array(z.uuid()).max(1000).default([]),
  })
  .strict()
export type AdminCollectionInput = z.infer<typeof adminCollectionInputSchema>
