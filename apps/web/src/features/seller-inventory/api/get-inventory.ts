import type { inventoryRowSchema } from '@barrio/contracts/admin-products'
import { inventoryPageSchema } from '@barrio/contracts/admin-products'
import type { Page } from '@barrio/contracts/pagination'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'

import { inventoryKeys } from '@/features/seller-inventory/api/keys'
import type { InventoryParams } from '@/features/seller-inventory/utils/inventory-filter'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

export type InventoryRow = z.infer<typeof inventoryRowSchema>

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

export function useInventory(params: InventoryParams) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(inventoryQueryOptions(storeId, params))
}
