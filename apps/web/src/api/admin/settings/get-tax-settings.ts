import { taxSettingSchema, type TaxSetting } from '@barrio/contracts/admin-settings'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'

import { storeSettingsKey } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

export const taxesKey = (storeId: string | null) => storeSettingsKey(storeId, 'taxes')

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

export function useTaxSettings() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(taxesQueryOptions(storeId))
}
