import type { AdminStore } from '@barrio/contracts/admin-stores'
import { HEADERS, MAX_PAGE_SIZE, PAGE_SIZES } from '@barrio/contracts/constants'
import type { Page } from '@barrio/contracts/pagination'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { adminHttp } from '@/lib/http/admin-client'

export const adminStoresKeys = {
  all: ['admin', 'stores'] as const,
  /** Every store of the seller, for the switcher and the auto-selection rule. */
  session: ['admin', 'stores', 'session'] as const,
  page: (page: number) => ['admin', 'stores', 'page', page] as const,
  detail: (storeId: string) => ['admin', 'stores', 'detail', storeId] as const,
}

/** Calls about one store name that store in x-store-id, whichever store is selected. */
export function storeHeaders(storeId: string) {
  return { headers: { [HEADERS.storeId]: storeId } }
}

/** GET /admin/stores?page&limit (page size 10): the seller's stores. */
export async function getAdminStores(
  page = 1,
  limit: number = PAGE_SIZES.adminStores,
): Promise<Page<AdminStore>> {
  return adminHttp.get<Page<AdminStore>>('/stores', { params: { page, limit } })
}

/** Every store of the seller in one call (largest page the API allows). */
export async function getSessionStores(): Promise<AdminStore[]> {
  return (await getAdminStores(1, MAX_PAGE_SIZE)).docs
}

export function sessionStoresQueryOptions() {
  return queryOptions({
    queryKey: adminStoresKeys.session,
    queryFn: getSessionStores,
    staleTime: 5 * 60_000,
  })
}

export function adminStoresPageQueryOptions(page: number) {
  return queryOptions({
    queryKey: adminStoresKeys.page(page),
    queryFn: () => getAdminStores(page),
    placeholderData: keepPreviousData,
  })
}

/** One page of the seller's stores (the stores page lists them all, whichever is selected). */
export function useAdminStores(page: number) {
  return useQuery(adminStoresPageQueryOptions(page))
}

/** GET /admin/stores/{id}. */
export async function getAdminStore(storeId: string): Promise<AdminStore> {
  return adminHttp.get<AdminStore>(`/stores/${encodeURIComponent(storeId)}`, storeHeaders(storeId))
}

export function adminStoreQueryOptions(storeId: string) {
  return queryOptions({
    queryKey: adminStoresKeys.detail(storeId),
    queryFn: () => getAdminStore(storeId),
  })
}
