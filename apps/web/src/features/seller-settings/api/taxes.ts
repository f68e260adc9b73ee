import {
  taxSettingSchema,
  type TaxSetting,
  type TaxSettingInput,
} from '@barrio/contracts/admin-settings'
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'

import { storeScopedKey } from '@/lib/admin-query-keys'
import { adminHttp } from '@/lib/http/admin-client'

export const taxesKey = (storeId: string | null) => storeScopedKey(storeId, 'settings', 'taxes')

/** GET /admin/store_settings_taxes. */
export async function getTaxSettings(): Promise<TaxSetting[]> {
  return z.array(taxSettingSchema).parse(await adminHttp.get('/store_settings_taxes'))
}

export function taxesQueryOptions(storeId: string | null) {
  return queryOptions({
    queryKey: taxesKey(storeId),
    queryFn: getTaxSettings,
    enabled: Boolean(storeId),
  })
}

/** POST /admin/store_settings_taxes -> 201. */
export async function createTaxSetting(input: TaxSettingInput): Promise<TaxSetting> {
  return taxSettingSchema.parse(await adminHttp.post('/store_settings_taxes', input))
}

/** PUT /admin/store_settings_taxes/{id}. */
export async function updateTaxSetting(id: string, input: TaxSettingInput): Promise<TaxSetting> {
  return taxSettingSchema.parse(
    await adminHttp.put(`/store_settings_taxes/${encodeURIComponent(id)}`, input),
  )
}

/** DELETE /admin/store_settings_taxes/{id}. */
export async function deleteTaxSetting(id: string): Promise<void> {
  await adminHttp.delete(`/store_settings_taxes/${encodeURIComponent(id)}`)
}
