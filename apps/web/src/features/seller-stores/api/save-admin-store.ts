import {
  adminStoreSchema,
  type AdminStore,
  type AdminStoreInput,
} from '@barrio/contracts/admin-stores'
import type { QueryClient } from '@tanstack/react-query'

import { adminStoresKeys, storeHeaders } from '@/features/seller-stores/api/get-admin-stores'
import { adminHttp } from '@/lib/http/admin-client'

/** POST /admin/stores -> 201 with the new store (409 CONFLICT when the handle is taken). */
export async function createAdminStore(input: AdminStoreInput): Promise<AdminStore> {
  return adminStoreSchema.parse(await adminHttp.post('/stores', input))
}

/** PUT /admin/stores/{id}. */
export async function updateAdminStore(
  storeId: string,
  input: AdminStoreInput,
): Promise<AdminStore> {
  return adminStoreSchema.parse(
    await adminHttp.put(`/stores/${encodeURIComponent(storeId)}`, input, storeHeaders(storeId)),
  )
}

/** Puts a fresh copy of a store in every cached list and in its detail. */
export function storeStoreInCaches(queryClient: QueryClient, store: AdminStore): void {
  queryClient.setQueryData(adminStoresKeys.detail(store._id), store)
  queryClient.setQueryData<AdminStore[]>(adminStoresKeys.session, (stores) =>
    stores?.map((s) => (s._id === store._id ? store : s)),
  )
  queryClient.setQueriesData<{ docs: AdminStore[] }>(
    { queryKey: [...adminStoresKeys.all, 'page'] },
    (page) =>
      page ? { ...page, docs: page.docs.map((s) => (s._id === store._id ? store : s)) } : page,
  )
}

/** After a store is created, changed or removed: refresh every store list. */
export function invalidateStoreLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: adminStoresKeys.all })
}
