import { printingSettingsSchema, type PrintingSettings } from '@barrio/contracts/admin-settings'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import { storeSettingsKey } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

export const printingKey = (storeId: string | null) => storeSettingsKey(storeId, 'printing')

/** GET /admin/store_settings_printing: whether new orders print their comanda by themselves. */
export async function getPrintingSettings(): Promise<PrintingSettings> {
  return printingSettingsSchema.parse(await adminHttp.get('/store_settings_printing'))
}

export function printingQueryOptions(storeId: string | null) {
  return queryOptions({
    queryKey: printingKey(storeId),
    queryFn: getPrintingSettings,
    enabled: Boolean(storeId),
  })
}

export function usePrintingSettings() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(printingQueryOptions(storeId))
}

/** PUT /admin/store_settings_printing. */
export async function savePrintingSettings(input: PrintingSettings): Promise<PrintingSettings> {
  return printingSettingsSchema.parse(await adminHttp.put('/store_settings_printing', input))
}

export function useSavePrintingSettings() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: savePrintingSettings,
    onSuccess: (saved) => queryClient.setQueryData(printingKey(storeId), saved),
  })
}
