import { dashboardStoresSchema, type DashboardStores } from '@barrio/contracts/admin-dashboard'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
import { adminHttp } from '@/lib/http/admin-client'

/** GET /admin/dashboard/stores: one line per store of the seller (open, today, waiting). */
export async function getDashboardStores(): Promise<DashboardStores> {
  return dashboardStoresSchema.parse(await adminHttp.get('/dashboard/stores'))
}

export function dashboardStoresQueryOptions() {
  return queryOptions({ queryKey: adminKeys.dashboard.stores(), queryFn: getDashboardStores })
}

export function useDashboardStores() {
  return useQuery(dashboardStoresQueryOptions())
}
