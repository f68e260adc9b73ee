import { logisticsSettingsSchema, type LogisticsSettings } from '@barrio/contracts/admin-settings'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { storeSettingsKey } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'
import { isApiError } from '@/lib/http/api-error'

export const logisticsKey = (storeId: string | null) => storeSettingsKey(storeId, 'logistics')

/** GET /admin/store_settings_logistics; null while the store has not configured it (404). */
export async function getLogisticsSettings(): Promise<LogisticsSettings | null> {
  try {
    return logisticsSettingsSchema.parse(await adminHttp.get('/store_settings_logistics'))
  } catch (error) {
    if (isApiError(error) && error.statusCode === 404) return null
    throw error
  }
}

export function logisticsQueryOptions(storeId: string | null) {
  return queryOptions({
    queryKey: logisticsKey(storeId),
    queryFn: getLogisticsSettings,
    enabled: Boolean(storeId),
  })
}

export function useLogisticsSettings() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(logisticsQueryOptions(storeId))
}
