import { useMutation, useQueryClient } from '@tanstack/react-query'

import { invalidateProductAreas } from '@/api/admin/products/save-product'
import { adminHttp } from '@/lib/http/admin-client'
import { getErrorMessage } from '@/lib/http/api-error'
import { showErrorToast, showToast } from '@/lib/toast'

/** DELETE /admin/products/{id}: archives the product. */
export async function archiveAdminProduct(productId: string): Promise<void> {
  await adminHttp.delete(`/products/${encodeURIComponent(productId)}`)
}

/** After archiving: every product list, the inventory and collection counts. */
export function useRefreshProducts(storeId: string | null) {
  const queryClient = useQueryClient()
  return () => void invalidateProductAreas(queryClient, storeId)
}

/**
 * Archives one product (variables: its id and title, for the toast). The list uses it for a row
 * (and `archiveAdminProduct` looped for a selection); the editor for the product it shows.
 */
export function useArchiveProduct(storeId: string | null) {
  const refresh = useRefreshProducts(storeId)
  return useMutation({
    mutationFn: ({ id }: { id: string; title: string }) => archiveAdminProduct(id),
    onSuccess: (_result, { title }) =>
      showToast({ message: `Archivaste ${title}.`, type: 'success' }),
    onError: (error) => showErrorToast(getErrorMessage(error)),
    onSettled: refresh,
  })
}
