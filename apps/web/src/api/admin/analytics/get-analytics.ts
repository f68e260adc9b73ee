import { analyticsSchema, type Analytics } from '@barrio/contracts/analytics'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

/** A range of calendar days, YYYY-MM-DD, both included. */
export type DayRange = { from: string; to: string }

/** GET /admin/analytics?from&to: the selected store's figures for Buenos Aires days. */
export async function getAnalytics(range: DayRange): Promise<Analytics> {
  return analyticsSchema.parse(await adminHttp.get('/analytics', { params: range }))
}

export function analyticsQueryOptions(storeId: string | null, range: DayRange | null) {
  return queryOptions({
    queryKey: adminKeys.analytics.list(storeId, range ?? {}),
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
