import { logisticsSettingsSchema, type LogisticsSettings } from '@barrio/contracts/admin-settings'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { logisticsKey } from '@/api/admin/settings/get-logistics-settings'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

/** POST /admin/store_settings_logistics (the whole settings, both ways). */
export async function saveLogisticsSettings(input: LogisticsSettings): Promise<LogisticsSettings> {
  return logisticsSettingsSchema.parse(await adminHttp.post('/store_settings_logistics', input))
}

export function useSaveLogisticsSettings() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveLogisticsSettings,
    onSuccess: (saved) => queryClient.setQueryData(logisticsKey(storeId), saved),
  })
}
