import type { Page } from '@barrio/contracts/pagination'
import {
  bulkPricePreviewSchema,
  bulkPriceResultSchema,
  priceChangePageSchema,
  priceChangeUndoResultSchema,
  type BulkPriceInput,
  type BulkPricePreview,
  type BulkPriceResult,
  type PriceChange,
  type PriceChangeUndoResult,
} from '@barrio/contracts/price-changes'
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

/** The rule and filter without `dryRun`: the preview and the change send the same body. */
export type BulkPriceBody = Omit<BulkPriceInput, 'dryRun'>

/** POST /admin/products/bulk-price with dryRun: how many variants change, and the first 50. */
export async function previewBulkPrice(body: BulkPriceBody): Promise<BulkPricePreview> {
  return bulkPricePreviewSchema.parse(
    await adminHttp.post('/products/bulk-price', { ...body, dryRun: true }),
  )
}

/** POST /admin/products/bulk-price: the change, in one transaction. */
export async function applyBulkPrice(body: BulkPriceBody): Promise<BulkPriceResult> {
  return bulkPriceResultSchema.parse(
    await adminHttp.post('/products/bulk-price', { ...body, dryRun: false }),
  )
}

export type PriceChangeListParams = { page: number; limit: number }

/** GET /admin/price-changes?page&limit: the store's bulk changes, newest first. */
export async function getPriceChanges(params: PriceChangeListParams): Promise<Page<PriceChange>> {
  return priceChangePageSchema.parse(await adminHttp.get('/price-changes', { params }))
}

export function priceChangesQueryOptions(storeId: string | null, params: PriceChangeListParams) {
  return queryOptions({
    queryKey: adminKeys.priceChanges.list(storeId, params),
    queryFn: () => getPriceChanges(params),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  })
}

export function usePriceChanges(params: PriceChangeListParams) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(priceChangesQueryOptions(storeId, params))
}

/** POST /admin/price-changes/{id}/undo */
export async function undoPriceChange(id: string): Promise<PriceChangeUndoResult> {
  return priceChangeUndoResultSchema.parse(
    await adminHttp.post(`/price-changes/${encodeURIComponent(id)}/undo`),
  )
}

/** Prices moved: the products (lists, details, pickers) and the history are read again. */
function useRefreshPrices() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.products.all(storeId) })
    void queryClient.invalidateQueries({ queryKey: adminKeys.inventory.all(storeId) })
    void queryClient.invalidateQueries({ queryKey: adminKeys.priceChanges.all(storeId) })
  }
}

/** The preview: nothing is saved, so nothing is refreshed. */
export function usePreviewBulkPrice() {
  return useMutation({ mutationFn: previewBulkPrice })
}

export function useApplyBulkPrice() {
  const refresh = useRefreshPrices()
  return useMutation({ mutationFn: applyBulkPrice, onSettled: refresh })
}

export function useUndoPriceChange() {
  const refresh = useRefreshPrices()
  return useMutation({ mutationFn: undoPriceChange, onSettled: refresh })
}
