import { fiscalSettingsResponseSchema, type FiscalSettings } from '@barrio/contracts/invoicing'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { storeSettingsKey } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

export const fiscalKey = (storeId: string | null) => storeSettingsKey(storeId, 'fiscal')

/** GET /admin/store_settings_fiscal: null until the store saves its fiscal data. */
export async function getFiscalSettings(): Promise<FiscalSettings | null> {
  return fiscalSettingsResponseSchema.parse(await adminHttp.get('/store_settings_fiscal')).settings
}

export function fiscalQueryOptions(storeId: string | null) {
  return queryOptions({
    queryKey: fiscalKey(storeId),
    queryFn: getFiscalSettings,
    enabled: Boolean(storeId),
  })
}

export function useFiscalSettings() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(fiscalQueryOptions(storeId))
}
