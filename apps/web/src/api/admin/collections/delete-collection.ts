import { useMutation, useQueryClient } from '@tanstack/react-query'

import { invalidateCollectionAreas } from '@/api/admin/collections/save-collection'
import { adminHttp } from '@/lib/http/admin-client'
import { getErrorMessage } from '@/lib/http/api-error'
import { showErrorToast, showToast } from '@/lib/toast'

/** DELETE /admin/collections/{id}: the collection goes, its products stay. */
export async function deleteAdminCollection(id: string): Promise<void> {
  await adminHttp.delete(`/collections/${encodeURIComponent(id)}`)
}

/** After deleting: the collections and the products (their collection chips). */
export function useRefreshCollections(storeId: string | null) {
  const queryClient = useQueryClient()
  return () => void invalidateCollectionAreas(queryClient, storeId)
}

/**
 * Deletes one collection (variables: its id and title, for the toast). The list uses it for a row
 * (and `deleteAdminCollection` looped for a selection); the form for the collection it edits.
 */
export function useDeleteCollection(storeId: string | null) {
  const refresh = useRefreshCollections(storeId)
  return useMutation({
    mutationFn: ({ id }: { id: string; title: string }) => deleteAdminCollection(id),
    onSuccess: (_result, { title }) =>
      showToast({ message: `Eliminaste la colección ${title}.`, type: 'success' }),
    onError: (error) => showErrorToast(getErrorMessage(error)),
    onSettled: refresh,
  })
}
