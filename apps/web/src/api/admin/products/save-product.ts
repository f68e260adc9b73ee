import {
  adminProductSchema,
  type AdminProduct,
  type AdminProductInput,
} from '@barrio/contracts/admin-products'
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

export type SaveAdminProductVariables = {
  productId: string
  input: AdminProductInput
  /** First save of a new product: POST with the id from GET /products/id. */
  isNew: boolean
}

/**
 * POST /admin/products (new, with its id) -> 201, or PUT /admin/products/{id} (mediaOrder sets the
 * images' order; the first is the main one). Both answer with the product.
 */
export async function saveAdminProduct({
  productId,
  input,
  isNew,
}: SaveAdminProductVariables): Promise<AdminProduct> {
  const body = isNew
    ? await adminHttp.post('/products', input)
    : await adminHttp.put(`/products/${encodeURIComponent(productId)}`, input)
  return adminProductSchema.parse(body)
}

/** A product change shows in product lists, inventory and collection counts. */
export function invalidateProductAreas(queryClient: QueryClient, storeId: string | null) {
  return Promise.all(
    [
      adminKeys.products.all(storeId),
      adminKeys.inventory.all(storeId),
      adminKeys.collections.all(storeId),
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  )
}

export function useSaveAdminProduct() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveAdminProduct,
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.products.detail(storeId, saved._id), saved)
      void invalidateProductAreas(queryClient, storeId)
    },
  })
}
