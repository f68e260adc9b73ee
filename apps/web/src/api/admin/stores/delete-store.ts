import { useMutation, useQueryClient } from '@tanstack/react-query'

import { adminStoresKeys, storeHeaders } from '@/api/admin/stores/get-stores'
import { invalidateStoreLists } from '@/api/admin/stores/save-store'
import { adminHttp } from '@/lib/http/admin-client'
import { getErrorMessage } from '@/lib/http/api-error'
import { showErrorToast } from '@/lib/toast'

/**
 * DELETE /admin/stores/{id} -> 204. A store with orders is archived instead of erased (its orders
 * keep their shop); either way it leaves the seller's list.
 */
export async function deleteAdminStore(storeId: string): Promise<void> {
  await adminHttp.delete(`/stores/${encodeURIComponent(storeId)}`, storeHeaders(storeId))
}

export function useDeleteAdminStore() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteAdminStore,
    onSuccess: (_, storeId) => {
      queryClient.removeQueries({ queryKey: adminStoresKeys.detail(storeId) })
      return invalidateStoreLists(queryClient)
    },
    onError: (error) => showErrorToast(getErrorMessage(error)),
  })
}
