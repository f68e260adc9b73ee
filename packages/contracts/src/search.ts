import { z } from 'zod'
import { storeCategorySchema } from './common.ts'
import { deliveryTypeSchema } from './enums.ts'
import { paginationQuery } from './pagination.ts'
import { productPageSchema } from './products.ts'
import { storePageSchema } from './stores.ts'
import {
  SEARCH_MAX_LENGTH,
  SEARCH_PAGE_SIZES,
  SEARCH_SORTS,
  SUGGEST_LIMIT,
} from './search-values.ts'

export {
  SEARCH_MAX_LENGTH,
  SEARCH_PAGE_SIZES,
  SEARCH_SORT_LABELS,
  SEARCH_SORTS,
  SUGGEST_LIMIT,
  SUGGEST_MIN_LENGTH,
} from './search-values.ts'
export type { SearchSort } from './search-values.ts'

/**
 * Search across the shops that serve a point (issue 25, decision 042): products and shops, in
 * Spanish (accents and case ignored, singular/plural, one or two typos in longer words).
 */

// eslint-disable-next-line no-control-regex -- the point is to refuse them
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/

/** `q`: 1–100 characters after trimming, no NUL or control characters. */
export const searchTextSchema = z
  .string({ error: 'Escribí qué buscás' })
  .trim()
  .min(1, 'Escribí qué buscás')
  .max(SEARCH_MAX_LENGTH, `La búsqueda puede tener hasta ${SEARCH_MAX_LENGTH} caracteres`)
  .refine((q) => !CONTROL_CHARACTERS.test(q), 'La búsqueda tiene caracteres que no se pueden usar')

const point = {
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
}

/** GET /api/v1/search */
export const searchQuerySchema = paginationQuery(SEARCH_PAGE_SIZES.products).extend({
  q: searchTextSchema,
  ...point,
  /** The shops section's page (10 a page). */
  storePage: z.coerce.number().int().min(1).max(1000).default(1),
  category: storeCategorySchema.optional(),
  deliveryType: deliveryTypeSchema.optional(),
  /** Only shops open right now (`true`). */
  openNow: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  sort: z.enum(SEARCH_SORTS).default('relevance'),
})
export type SearchQuery = z.input<typeof searchQuerySchema>

export const searchResultSchema = z.object({
  products: productPageSchema,
  stores: storePageSchema,
  /** The closest spelling when a word was corrected or nothing matched ("alfajor"), else null. */
  suggestion: z.string().nullable(),
})
export type SearchResult = z.infer<typeof searchResultSchema>

/** GET /api/v1/search/suggest */
export const suggestQuerySchema = z.object({ q: searchTextSchema, ...point })

export const suggestionSchema = z.object({
  kind: z.enum(['product', 'store', 'category']),
  label: z.string(),
  /** The product's or store's id; for a category, its value (e.g. `farmacia`). */
  id: z.string().optional(),
  /** The product's or store's handle (links: /shops/{handle}, /products/{handle}?shop=…). */
  handle: z.string().optional(),
  /** For a product: its store. */
  storeId: z.string().optional(),
  /** For a product: its store's name (shown under the title) and handle (its link). */
  storeName: z.string().optional(),
  storeHandle: z.string().optional(),
})
export type Suggestion = z.infer<typeof suggestionSchema>

export const suggestResultSchema = z.object({ docs: z.array(suggestionSchema).max(SUGGEST_LIMIT) })
export type SuggestResult = z.infer<typeof suggestResultSchema>
