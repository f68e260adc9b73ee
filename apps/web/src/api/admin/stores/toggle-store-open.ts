import { adminStoreSchema, type AdminStore } from '@barrio/contracts/admin-stores'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { storeHeaders } from '@/api/admin/stores/get-stores'
import { storeStoreInCaches } from '@/api/admin/stores/save-store'
import { adminHttp } from '@/lib/http/admin-client'
import { getErrorMessage } from '@/lib/http/api-error'
import { showErrorToast, showToast } from '@/lib/toast'

/** POST /admin/stores/{id}/toggle-open {isOpen} -> the store. */
export async function toggleStoreOpen(storeId: string, isOpen: boolean): Promise<AdminStore> {
  return adminStoreSchema.parse(
    await adminHttp.post(
      `/stores/${encodeURIComponent(storeId)}/toggle-open`,
      { isOpen },
      storeHeaders(storeId),
    ),
  )
}

export function useToggleStoreOpen() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ storeId, isOpen }: { storeId: string; isOpen: boolean }) =>
      toggleStoreOpen(storeId, isOpen),
    onSuccess: (store) => {
      storeStoreInCaches(queryClient, store)
      showToast({
        message: store.isOpen ? `${store.name} está abierta.` : `${store.name} está cerrada.`,
        type: 'success',
      })
    },
    onError: (error) => showErrorToast(getErrorMessage(error)),
  })
}
