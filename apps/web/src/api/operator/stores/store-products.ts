import {
  operatorProductModerationSchema,
  operatorStoreProductPageSchema,
  type ModerationReasonInput,
  type OperatorProductModeration,
  type OperatorStoreProduct,
} from '@barrio/contracts/operator'
import type { Page } from '@barrio/contracts/pagination'
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'

import { operatorHttp } from '@/api/operator/operator-http'

export type StoreProductsParams = { q?: string; page?: number; limit: number }

/** A store's products for moderation (decision 047's slice of issue 24). */
export const storeProductsKeys = {
  all: () => ['operator', 'store-products'] as const,
  list: (storeId: string, params: object) =>
    ['operator', 'store-products', storeId, 'list', params] as const,
}

/** GET /operator/stores/{id}/products?q&page&limit: hidden ones too. */
export async function getStoreProducts(
  storeId: string,
  params: StoreProductsParams,
): Promise<Page<OperatorStoreProduct>> {
  const sent = Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== ''),
  )
  return operatorStoreProductPageSchema.parse(
    await operatorHttp.get(`/stores/${encodeURIComponent(storeId)}/products`, { params: sent }),
  )
}

export function useStoreProducts(storeId: string, params: StoreProductsParams) {
  return useQuery(
    queryOptions({
      queryKey: storeProductsKeys.list(storeId, params),
      queryFn: () => getStoreProducts(storeId, params),
      placeholderData: keepPreviousData,
    }),
  )
}

/** POST /operator/products/{id}/hide {reason}: customers stop seeing it at once. */
export async function hideProduct(
  id: string,
  input: ModerationReasonInput,
): Promise<OperatorProductModeration> {
  return operatorProductModerationSchema.parse(
    await operatorHttp.post(`/products/${encodeURIComponent(id)}/hide`, input),
  )
}

/** POST /operator/products/{id}/unhide: the product is back for customers. */
export async function unhideProduct(id: string): Promise<OperatorProductModeration> {
  return operatorProductModerationSchema.parse(
    await operatorHttp.post(`/products/${encodeURIComponent(id)}/unhide`),
  )
}

function useRefreshStoreProducts() {
  const queryClient = useQueryClient()
  return () => void queryClient.invalidateQueries({ queryKey: storeProductsKeys.all() })
}

export function useHideProduct() {
  const refresh = useRefreshStoreProducts()
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ModerationReasonInput }) =>
      hideProduct(id, input),
    onSettled: refresh,
  })
}

export function useUnhideProduct() {
  const refresh = useRefreshStoreProducts()
  return useMutation({ mutationFn: unhideProduct, onSettled: refresh })
}
