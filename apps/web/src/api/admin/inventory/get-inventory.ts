import { inventoryPageSchema, type inventoryRowSchema } from '@barrio/contracts/admin-products'
import type { Page } from '@barrio/contracts/pagination'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'

import { adminKeys } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

export type InventoryRow = z.infer<typeof inventoryRowSchema>

/** GET /admin/inventory's params: the search and the low-stock threshold only when they apply. */
export type InventoryParams = { page?: number; limit: number; q?: string; lowStock?: number }

/** GET /admin/inventory?page&limit&q&lowStock: one row per variant (price and stock). */
export async function getInventory(params: InventoryParams): Promise<Page<InventoryRow>> {
  return inventoryPageSchema.parse(await adminHttp.get('/inventory', { params }))
}

export function inventoryQueryOptions(storeId: string | null, params: InventoryParams) {
  return queryOptions({
    queryKey: adminKeys.inventory.list(storeId, params),
    queryFn: () => getInventory(params),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  })
}

export function useInventory(params: InventoryParams) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(inventoryQueryOptions(storeId, params))
}

/** A variant a counter order can sell: an inventory row. */
export type VariantOption = InventoryRow

/** The variant picker's matches: the first 10 inventory rows for `q`, archived ones left out. */
export function useVariantSearch(q: string) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const search = q.trim()
  return useQuery({
    ...inventoryQueryOptions(storeId, { limit: 10, ...(search ? { q: search } : {}) }),
    select: (page): VariantOption[] => page.docs.filter((row) => row.status === 'active'),
  })
}
