import { PAGE_SIZES } from '@barrio/contracts/constants'
import { z } from 'zod'

import { flagParam, intParam, pageParam, textParam } from '@/components/admin/list/list-params'

export const DEFAULT_LOW_STOCK_THRESHOLD = 5

/** The inventory's URL: /admin/inventory?q=yerba&lowStock=1&below=3&page=2. */
export const inventoryListSchema = z.object({
  page: pageParam(),
  q: textParam(),
  lowStock: flagParam(),
  /** "Stock bajo" means fewer units than this (also colours the badges). */
  below: intParam(DEFAULT_LOW_STOCK_THRESHOLD, { min: 1, max: 100_000 }),
})
export type InventoryListValues = z.infer<typeof inventoryListSchema>

export type InventoryParams = { page: number; limit: number; q?: string; lowStock?: number }

/** GET /admin/inventory's params: the search and the threshold only when they apply. */
export function buildInventoryParams({
  page,
  q,
  lowStock,
  below,
}: InventoryListValues): InventoryParams {
  const search = q.trim()
  return {
    page,
    limit: PAGE_SIZES.adminProducts,
    ...(search ? { q: search.slice(0, 100) } : {}),
    ...(lowStock ? { lowStock: Math.max(0, Math.round(below)) } : {}),
  }
}
