import {
  adminStoreSchema,
  type AdminStore,
  type AdminStoreInput,
} from '@barrio/contracts/admin-stores'
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'

import { adminStoresKeys, storeHeaders } from '@/api/admin/stores/get-stores'
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

export type SaveAdminStoreVariables = {
  /** Absent for a new store. */
  storeId?: string
  input: AdminStoreInput
}

/** Creates (POST) or updates (PUT) a store. */
export function saveAdminStore({ storeId, input }: SaveAdminStoreVariables): Promise<AdminStore> {
  return storeId ? updateAdminStore(storeId, input) : createAdminStore(input)
}

/** Saves a store; its detail and every list of stores take the answer. */
export function useSaveAdminStore() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveAdminStore,
    onSuccess: (store) => {
      storeStoreInCaches(queryClient, store)
      void invalidateStoreLists(queryClient)
    },
  })
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
