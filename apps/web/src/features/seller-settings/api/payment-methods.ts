import {
  appPaymentMethodSchema,
  paymentMethodSettingSchema,
  paymentRulesSchema,
  type PaymentMethodSetting,
  type PaymentRules,
  type PaymentMethodSettingInput,
} from '@barrio/contracts/admin-settings'
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'

import { storeScopedKey } from '@/lib/admin-query-keys'
import { adminHttp } from '@/lib/http/admin-client'

export type AppPaymentMethod = z.infer<typeof appPaymentMethodSchema>

export const paymentKeys = {
  app: ['admin', 'app-resources', 'payment-methods'] as const,
  settings: (storeId: string | null) => storeScopedKey(storeId, 'settings', 'payment-methods'),
}

/** GET /admin/app_resources/payment_methods: the nine methods and whether Barrio offers each. */
export async function getAppPaymentMethods(): Promise<AppPaymentMethod[]> {
  return z
    .array(appPaymentMethodSchema)
    .parse(await adminHttp.get('/app_resources/payment_methods'))
}

export function appPaymentMethodsQueryOptions() {
  return queryOptions({
    queryKey: paymentKeys.app,
    queryFn: getAppPaymentMethods,
    staleTime: 30 * 60_000,
  })
}

/** GET /admin/store_settings_payment_methods: the store's setting per method. */
export async function getPaymentMethodSettings(): Promise<PaymentMethodSetting[]> {
  return z
    .array(paymentMethodSettingSchema)
    .parse(await adminHttp.get('/store_settings_payment_methods'))
}

export function paymentMethodSettingsQueryOptions(storeId: string | null) {
  return queryOptions({
    queryKey: paymentKeys.settings(storeId),
    queryFn: getPaymentMethodSettings,
    enabled: Boolean(storeId),
  })
}

/** POST /admin/store_settings_payment_methods (upserts by method). */
export async function savePaymentMethodSetting(
  input: PaymentMethodSettingInput,
): Promise<PaymentMethodSetting> {
  return paymentMethodSettingSchema.parse(
    await adminHttp.post('/store_settings_payment_methods', input),
  )
}

/** DELETE /admin/store_settings_payment_methods/{id}. */
export async function deletePaymentMethodSetting(id: string): Promise<void> {
  await adminHttp.delete(`/store_settings_payment_methods/${encodeURIComponent(id)}`)
}

/** GET /admin/store_settings_payments: Mercado Pago payment time and the unpaid-orders cap. */
export async function getPaymentRules(): Promise<PaymentRules> {
  return paymentRulesSchema.parse(await adminHttp.get('/store_settings_payments'))
}

export function paymentRulesQueryOptions(storeId: string | null) {
  return queryOptions({
    queryKey: storeScopedKey(storeId, 'settings', 'payment-rules'),
    queryFn: getPaymentRules,
    enabled: Boolean(storeId),
  })
}

/** POST /admin/store_settings_payments. */
export async function savePaymentRules(input: PaymentRules): Promise<PaymentRules> {
  return paymentRulesSchema.parse(await adminHttp.post('/store_settings_payments', input))
}
