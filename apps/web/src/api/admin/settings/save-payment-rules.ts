import { paymentRulesSchema, type PaymentRules } from '@barrio/contracts/admin-settings'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { paymentRulesKey } from '@/api/admin/settings/get-payment-rules'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

/** POST /admin/store_settings_payments. */
export async function savePaymentRules(input: PaymentRules): Promise<PaymentRules> {
  return paymentRulesSchema.parse(await adminHttp.post('/store_settings_payments', input))
}

export function useSavePaymentRules() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: savePaymentRules,
    onSuccess: (saved) => queryClient.setQueryData(paymentRulesKey(storeId), saved),
  })
}
