import {
  paymentMethodSettingSchema,
  type PaymentMethodSetting,
  type PaymentMethodSettingInput,
} from '@barrio/contracts/admin-settings'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { paymentMethodSettingsKey } from '@/api/admin/settings/get-payment-method-settings'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

/** POST /admin/store_settings_payment_methods (upserts by method). */
export async function savePaymentMethodSetting(
  input: PaymentMethodSettingInput,
): Promise<PaymentMethodSetting> {
  return paymentMethodSettingSchema.parse(
    await adminHttp.post('/store_settings_payment_methods', input),
  )
}

export function useSavePaymentMethodSetting() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: savePaymentMethodSetting,
    onSuccess: (saved) =>
      queryClient.setQueryData<PaymentMethodSetting[]>(
        paymentMethodSettingsKey(storeId),
        (list = []) => [...list.filter((s) => s.method !== saved.method), saved],
      ),
  })
}
