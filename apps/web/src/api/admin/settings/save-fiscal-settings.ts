import {
  fiscalSettingsSchema,
  type FiscalSettings,
  type FiscalSettingsInput,
} from '@barrio/contracts/invoicing'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { fiscalKey } from '@/api/admin/settings/get-fiscal-settings'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

/**
 * PUT /admin/store_settings_fiscal. 400 carries field errors; 409 puts one under
 * `invoicingMode` when automatic invoicing is asked without a certificate.
 */
export async function saveFiscalSettings(input: FiscalSettingsInput): Promise<FiscalSettings> {
  return fiscalSettingsSchema.parse(await adminHttp.put('/store_settings_fiscal', input))
}

export function useSaveFiscalSettings() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveFiscalSettings,
    onSuccess: (saved) => queryClient.setQueryData(fiscalKey(storeId), saved),
  })
}
