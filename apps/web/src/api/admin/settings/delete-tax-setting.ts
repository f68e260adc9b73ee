import { useMutation, useQueryClient } from '@tanstack/react-query'

import { taxesKey } from '@/api/admin/settings/get-tax-settings'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'
import { getErrorMessage } from '@/lib/http/api-error'
import { showErrorToast } from '@/lib/toast'

/** DELETE /admin/store_settings_taxes/{id} (whatever body it answers with). */
export async function deleteTaxSetting(id: string): Promise<void> {
  await adminHttp.delete(`/store_settings_taxes/${encodeURIComponent(id)}`)
}

export function useDeleteTaxSetting() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteTaxSetting,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxesKey(storeId) }),
    onError: (error) => showErrorToast(getErrorMessage(error)),
  })
}
