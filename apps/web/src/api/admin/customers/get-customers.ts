import {
  adminCustomerPageSchema,
  type AdminCustomer,
  type CustomerSort,
} from '@barrio/contracts/admin-customers'
import type { Page } from '@barrio/contracts/pagination'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

/** GET /admin/customers's params; `query` is the JSON filter (customerFilterSchema). */
export type AdminCustomerListParams = {
  page?: number
  limit: number
  sort?: CustomerSort
  query?: string
}

/** GET /admin/customers?page&limit&query&sort. */
export async function getAdminCustomers(
  params: AdminCustomerListParams,
): Promise<Page<AdminCustomer>> {
  return adminCustomerPageSchema.parse(await adminHttp.get('/customers', { params }))
}

export function adminCustomersQueryOptions(
  storeId: string | null,
  params: AdminCustomerListParams,
) {
  return queryOptions({
    queryKey: adminKeys.customers.list(storeId, params),
    queryFn: () => getAdminCustomers(params),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  })
}

/** The selected store's customers for these params. */
export function useAdminCustomers(params: AdminCustomerListParams) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(adminCustomersQueryOptions(storeId, params))
}

/** The params of a customer search: the first 8 matches (most recent buyers first). */
export function customerSearchParams(q: string): AdminCustomerListParams {
  const search = q.trim()
  return { limit: 8, ...(search ? { query: JSON.stringify({ search }) } : {}) }
}

/** The customer picker's matches: one page of the same list, under the same keys. */
export function useCustomerSearch(q: string) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery({
    ...adminCustomersQueryOptions(storeId, customerSearchParams(q)),
    select: (page): AdminCustomer[] => page.docs,
  })
}
