import {
  adminCustomerDetailSchema,
  type AdminCustomerDetail,
} from '@barrio/contracts/admin-customers'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { sellerCustomerKeys } from '@/features/seller-customers/api/keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

/** GET /admin/customers/{id}: contact, tags, notes, totals and the addresses of their orders. */
export async function getAdminCustomer(id: string): Promise<AdminCustomerDetail> {
  return adminCustomerDetailSchema.parse(
    await adminHttp.get(`/customers/${encodeURIComponent(id)}`),
  )
}

export function adminCustomerQueryOptions(storeId: string | null, id: string) {
  return queryOptions({
    queryKey: sellerCustomerKeys.detail(storeId, id),
    queryFn: () => getAdminCustomer(id),
    enabled: Boolean(storeId),
  })
}

export function useAdminCustomer(id: string) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(adminCustomerQueryOptions(storeId, id))
}
