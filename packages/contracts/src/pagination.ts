import { z } from 'zod'
import { MAX_PAGE, MAX_PAGE_SIZE } from './constants.ts'

/** The paginated envelope every list answers with (spec section 3: items in `docs`). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    docs: z.array(item),
    totalDocs: z.number().int().nonnegative(),
    limit: z.number().int().positive(),
    page: z.number().int().positive(),
    totalPages: z.number().int().nonnegative(),
    hasNextPage: z.boolean(),
    hasPrevPage: z.boolean(),
    nextPage: z.number().int().positive().nullable(),
    prevPage: z.number().int().positive().nullable(),
  })
}
export type Page<T> = {
  docs: T[]
  totalDocs: number
  limit: number
  page: number
  totalPages: number
  hasNextPage: boolean
  hasPrevPage: boolean
  nextPage: number | null
  prevPage: number | null
}

export { MAX_PAGE_SIZE } from './constants.ts'

/** `?page&limit` with the given default page size (spec section 9 lists one per resource). */
export function paginationQuery(defaultLimit: number) {
  return z.object({
    page: z.coerce
      .number()
      .int()
      .min(1, 'La página debe ser 1 o más')
      .max(MAX_PAGE, 'La página es demasiado alta')
      .default(1),
    limit: z.coerce
      .number()
      .int()
      .min(1, 'El tamaño de página debe ser 1 o más')
      .max(MAX_PAGE_SIZE, `El tamaño de página no puede superar ${MAX_PAGE_SIZE}`)
      .default(defaultLimit),
  })
}
export type PaginationQuery = { page: number; limit: number }

/** Builds the envelope from one page of rows and the total count. */
export function buildPage<T>(
  docs: T[],
  totalDocs: number,
  { page, limit }: PaginationQuery,
): Page<T> {
  const totalPages = Math.ceil(totalDocs / limit)
  const hasNextPage = page < totalPages
  const hasPrevPage = page > 1
  return {
    docs,
    totalDocs,
    limit,
    page,
    totalPages,
    hasNextPage,
    hasPrevPage,
    nextPage: hasNextPage ? page + 1 : null,
    prevPage: hasPrevPage ? page - 1 : null,
  }
}
