import { analyticsSchema, type Analytics } from '@barrio/contracts/analytics'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { analyticsKeys } from '@/features/seller-analytics/api/keys'
import type { DayRange } from '@/features/seller-analytics/utils/range'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

/** GET /admin/analytics?from&to: the selected store's figures for Buenos Aires days. */
export async function getAnalytics(range: DayRange): Promise<Analytics> {
  return analyticsSchema.parse(await adminHttp.get('/analytics', { params: range }))
}

export function analyticsQueryOptions(storeId: string | null, range: DayRange | null) {
  return queryOptions({
    queryKey: analyticsKeys.list(storeId, range ?? {}),
    queryFn: () => getAnalytics(range!),
    enabled: Boolean(storeId && range),
    placeholderData: keepPreviousData,
  })
}

/** The figures of a range; idle while the range is invalid (a custom range being typed). */
export function useAnalytics(range: DayRange | null) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(analyticsQueryOptions(storeId, range))
}
