import { adminCustomerPageSchema, type AdminCustomer } from '@barrio/contracts/admin-customers'
import type { Page } from '@barrio/contracts/pagination'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { sellerCustomerKeys } from '@/features/seller-customers/api/keys'
import type { CustomerListParams } from '@/features/seller-customers/utils/customer-filter'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

/** GET /admin/customers?page&limit&query&sort (query = JSON filter). */
export async function getAdminCustomers(params: CustomerListParams): Promise<Page<AdminCustomer>> {
  return adminCustomerPageSchema.parse(await adminHttp.get('/customers', { params }))
}

export function adminCustomersQueryOptions(storeId: string | null, params: CustomerListParams) {
  return queryOptions({
    queryKey: sellerCustomerKeys.list(storeId, params),
    queryFn: () => getAdminCustomers(params),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  })
}

/** The selected store's customers for these params. */
export function useAdminCustomers(params: CustomerListParams) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(adminCustomersQueryOptions(storeId, params))
}
