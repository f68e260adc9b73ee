import { dashboardStoresSchema, type DashboardStoreLine } from '@barrio/contracts/admin-dashboard'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { sellerDashboardKeys } from '@/features/seller-dashboard/api/keys'
import { adminHttp } from '@/lib/http/admin-client'

/** GET /admin/dashboard/stores: one line per store of the seller (open, today, waiting). */
export async function getDashboardStores(): Promise<DashboardStoreLine[]> {
  return dashboardStoresSchema.parse(await adminHttp.get('/dashboard/stores')).data
}

export function dashboardStoresQueryOptions() {
  return queryOptions({ queryKey: sellerDashboardKeys.stores(), queryFn: getDashboardStores })
}

export function useDashboardStores() {
  return useQuery(dashboardStoresQueryOptions())
}
