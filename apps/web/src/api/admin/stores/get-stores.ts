import {
  adminStorePageSchema,
  adminStoreSchema,
  type AdminStore,
} from '@barrio/contracts/admin-stores'
import { HEADERS, MAX_PAGE_SIZE, PAGE_SIZES } from '@barrio/contracts/constants'
import type { Page } from '@barrio/contracts/pagination'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { takeEarlyAdminStores } from '@/api/admin/stores/early-stores'
import { adminKeys } from '@/api/query-keys'
import { adminHttp, assertAdmin } from '@/lib/http/admin-client'

/** The seller's own stores' keys (not store-scoped): adminKeys.stores. */
export const adminStoresKeys = adminKeys.stores

/** Calls about one store name that store in x-store-id, whichever store is selected. */
export function storeHeaders(storeId: string) {
  return { headers: { [HEADERS.storeId]: storeId } }
}

/** GET /admin/stores?page&limit (page size 10): the seller's stores. */
export async function getAdminStores(
  page = 1,
  limit: number = PAGE_SIZES.adminStores,
): Promise<Page<AdminStore>> {
  return adminStorePageSchema.parse(await adminHttp.get('/stores', { params: { page, limit } }))
}

/**
 * Every store of the seller in one call (largest page the API allows). The first time, the answer
 * index.html asked for with the page (early-stores.ts) when it is a valid one.
 */
export async function getSessionStores(): Promise<AdminStore[]> {
  const early = takeEarlyAdminStores(MAX_PAGE_SIZE)
  if (early) {
    assertAdmin()
    const parsed = adminStorePageSchema.safeParse(await early)
    if (parsed.success) return parsed.data.docs
  }
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
  return adminStoreSchema.parse(
    await adminHttp.get(`/stores/${encodeURIComponent(storeId)}`, storeHeaders(storeId)),
  )
}

export function adminStoreQueryOptions(storeId: string) {
  return queryOptions({
    queryKey: adminStoresKeys.detail(storeId),
    queryFn: () => getAdminStore(storeId),
  })
}
