import { paymentRulesSchema, type PaymentRules } from '@barrio/contracts/admin-settings'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { storeSettingsKey } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

export const paymentRulesKey = (storeId: string | null) =>
  storeSettingsKey(storeId, 'payment-rules')

/** GET /admin/store_settings_payments: Mercado Pago payment time and the unpaid-orders cap. */
export async function getPaymentRules(): Promise<PaymentRules> {
  return paymentRulesSchema.parse(await adminHttp.get('/store_settings_payments'))
}

export function paymentRulesQueryOptions(storeId: string | null) {
  return queryOptions({
    queryKey: paymentRulesKey(storeId),
    queryFn: getPaymentRules,
    enabled: Boolean(storeId),
  })
}

export function usePaymentRules() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(paymentRulesQueryOptions(storeId))
}
