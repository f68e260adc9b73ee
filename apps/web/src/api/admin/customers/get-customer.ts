import {
  adminCustomerDetailSchema,
  type AdminCustomerDetail,
} from '@barrio/contracts/admin-customers'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

/** GET /admin/customers/{id}: contact, tags, notes, totals and their delivery addresses. */
export async function getAdminCustomer(id: string): Promise<AdminCustomerDetail> {
  return adminCustomerDetailSchema.parse(
    await adminHttp.get(`/customers/${encodeURIComponent(id)}`),
  )
}

/** `id` may be null while nobody is chosen yet (the counter order's customer): nothing is asked. */
export function adminCustomerQueryOptions(storeId: string | null, id: string | null) {
  return queryOptions({
    queryKey: adminKeys.customers.detail(storeId, id ?? ''),
    queryFn: () => getAdminCustomer(id ?? ''),
    enabled: Boolean(storeId && id),
  })
}

export function useAdminCustomer(id: string | null) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(adminCustomerQueryOptions(storeId, id))
}
