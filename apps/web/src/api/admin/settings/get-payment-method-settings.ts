import {
  paymentMethodSettingSchema,
  type PaymentMethodSetting,
} from '@barrio/contracts/admin-settings'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'

import { storeSettingsKey } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

export const paymentMethodSettingsKey = (storeId: string | null) =>
  storeSettingsKey(storeId, 'payment-methods')

/** GET /admin/store_settings_payment_methods: the store's setting per method. */
export async function getPaymentMethodSettings(): Promise<PaymentMethodSetting[]> {
  return z
    .array(paymentMethodSettingSchema)
    .parse(await adminHttp.get('/store_settings_payment_methods'))
}

export function paymentMethodSettingsQueryOptions(storeId: string | null) {
  return queryOptions({
    queryKey: paymentMethodSettingsKey(storeId),
    queryFn: getPaymentMethodSettings,
    enabled: Boolean(storeId),
  })
}

export function usePaymentMethodSettings() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(paymentMethodSettingsQueryOptions(storeId))
}
