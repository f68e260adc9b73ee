import { inventoryRowSchema } from '@barrio/contracts/admin-products'
import type { Page } from '@barrio/contracts/pagination'
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'

import type { InventoryRow } from '@/api/admin/inventory/get-inventory'
import { adminKeys } from '@/api/query-keys'
import { adminHttp } from '@/lib/http/admin-client'
import { getErrorMessage } from '@/lib/http/api-error'
import { showErrorToast } from '@/lib/toast'

export type InventoryAdjustment =
  { variantId: string; quantity: number } | { variantId: string; delta: number }

/** POST /admin/inventory/adjust {variantId, quantity} | {variantId, delta} -> the row. */
export async function adjustInventory(adjustment: InventoryAdjustment): Promise<InventoryRow> {
  return inventoryRowSchema.parse(await adminHttp.post('/inventory/adjust', adjustment))
}

export function applyAdjustment(stock: number, adjustment: InventoryAdjustment): number {
  return 'quantity' in adjustment ? adjustment.quantity : Math.max(0, stock + adjustment.delta)
}

function patchRow(
  page: Page<InventoryRow> | undefined,
  variantId: string,
  patch: (row: InventoryRow) => InventoryRow,
): Page<InventoryRow> | undefined {
  if (!page) return page
  return { ...page, docs: page.docs.map((row) => (row.variantId === variantId ? patch(row) : row)) }
}

/**
 * Quick stock changes from the inventory table: the row shows the new stock at once; if the
 * server refuses, the row goes back to what it had and an error toast explains why.
 */
export function useAdjustInventory(storeId: string | null, listKey: QueryKey) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: adjustInventory,
    onMutate: async (adjustment) => {
      await queryClient.cancelQueries({ queryKey: listKey })
      const row = queryClient
        .getQueryData<Page<InventoryRow>>(listKey)
        ?.docs.find((r) => r.variantId === adjustment.variantId)
      queryClient.setQueryData<Page<InventoryRow>>(listKey, (page) =>
        patchRow(page, adjustment.variantId, (r) => ({
          ...r,
          stock: applyAdjustment(r.stock, adjustment),
        })),
      )
      return { previousStock: row?.stock }
    },
    onError: (error, adjustment, context) => {
      const previousStock = context?.previousStock
      if (previousStock !== undefined) {
        queryClient.setQueryData<Page<InventoryRow>>(listKey, (page) =>
          patchRow(page, adjustment.variantId, (r) => ({ ...r, stock: previousStock })),
        )
      }
      showErrorToast(`No se pudo actualizar el stock. ${getErrorMessage(error)}`)
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<Page<InventoryRow>>(listKey, (page) =>
        patchRow(page, saved.variantId, () => saved),
      )
    },
    onSettled: () => {
      // Other pages of the table and the product list show stock too.
      void queryClient.invalidateQueries({
        queryKey: adminKeys.inventory.all(storeId),
        predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(listKey),
      })
      void queryClient.invalidateQueries({ queryKey: adminKeys.products.all(storeId) })
    },
  })
}
