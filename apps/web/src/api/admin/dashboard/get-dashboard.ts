import { adminDashboardSchema, type AdminDashboard } from '@barrio/contracts/admin-dashboard'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

/** GET /admin/dashboard: today's figures, waiting orders, stock and checklist of the store. */
export async function getDashboard(): Promise<AdminDashboard> {
  return adminDashboardSchema.parse(await adminHttp.get('/dashboard'))
}

export function dashboardQueryOptions(storeId: string | null) {
  return queryOptions({
    queryKey: adminKeys.dashboard.all(storeId),
    queryFn: getDashboard,
    enabled: Boolean(storeId),
  })
}

export function useDashboard() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(dashboardQueryOptions(storeId))
}
