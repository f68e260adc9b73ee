import {
  taxSettingSchema,
  type TaxSetting,
  type TaxSettingInput,
} from '@barrio/contracts/admin-settings'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { taxesKey } from '@/api/admin/settings/get-tax-settings'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

export type SaveTaxSettingVariables = { id?: string; input: TaxSettingInput }

/** POST /admin/store_settings_taxes -> 201 (new), or PUT /admin/store_settings_taxes/{id}. */
export async function saveTaxSetting({ id, input }: SaveTaxSettingVariables): Promise<TaxSetting> {
  const body = id
    ? await adminHttp.put(`/store_settings_taxes/${encodeURIComponent(id)}`, input)
    : await adminHttp.post('/store_settings_taxes', input)
  return taxSettingSchema.parse(body)
}

export function useSaveTaxSetting() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveTaxSetting,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxesKey(storeId) }),
  })
}
