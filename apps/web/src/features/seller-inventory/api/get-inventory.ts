import type { inventoryRowSchema } from '@barrio/contracts/admin-products'
import { inventoryPageSchema } from '@barrio/contracts/admin-products'
import { PAGE_SIZES } from '@barrio/contracts/constants'
import type { Page } from '@barrio/contracts/pagination'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'

import { storeScopedKey } from '@/lib/admin-query-keys'
import { adminHttp } from '@/lib/http/admin-client'

export type InventoryRow = z.infer<typeof inventoryRowSchema>
export type InventoryParams = { page: number; limit: number; q?: string; lowStock?: number }

export function buildInventoryParams({
  page,
  search,
  lowStockOnly,
  threshold,
}: {
  page: number
  search: string
  lowStockOnly: boolean
  threshold: number
}): InventoryParams {
  const q = search.trim()
  return {
    page,
    limit: PAGE_SIZES.adminProducts,
    ...(q ? { q: q.slice(0, 100) } : {}),
    ...(lowStockOnly ? { lowStock: Math.max(0, Math.round(threshold)) } : {}),
  }
}

export const inventoryKeys = {
  all: (storeId: string | null) => storeScopedKey(storeId, 'inventory'),
  list: (storeId: string | null, params: InventoryParams) =>
    storeScopedKey(storeId, 'inventory', params),
}

/** GET /admin/inventory?page&limit&q&lowStock: one row per variant. */
export async function getInventory(params: InventoryParams): Promise<Page<InventoryRow>> {
  return inventoryPageSchema.parse(await adminHttp.get('/inventory', { params }))
}

export function inventoryQueryOptions(storeId: string | null, params: InventoryParams) {
  return queryOptions({
    queryKey: inventoryKeys.list(storeId, params),
    queryFn: () => getInventory(params),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  })
}
