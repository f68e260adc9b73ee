import type { PaymentMethodSetting } from '@barrio/contracts/admin-settings'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { paymentMethodSettingsKey } from '@/api/admin/settings/get-payment-method-settings'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'
import { getErrorMessage } from '@/lib/http/api-error'
import { showErrorToast } from '@/lib/toast'

/** DELETE /admin/store_settings_payment_methods/{id} (whatever body it answers with). */
export async function deletePaymentMethodSetting(id: string): Promise<void> {
  await adminHttp.delete(`/store_settings_payment_methods/${encodeURIComponent(id)}`)
}

export function useDeletePaymentMethodSetting() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deletePaymentMethodSetting,
    onSuccess: (_, id) =>
      queryClient.setQueryData<PaymentMethodSetting[]>(
        paymentMethodSettingsKey(storeId),
        (list = []) => list.filter((s) => s._id !== id),
      ),
    onError: (error) => showErrorToast(getErrorMessage(error)),
  })
}
