import {
  adminCollectionSchema,
  type AdminCollection,
  type AdminCollectionInput,
} from '@barrio/contracts/admin-collections'
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

export type SaveAdminCollectionVariables = {
  /** Absent for a new collection. */
  id?: string
  input: AdminCollectionInput
}

/** POST /admin/collections -> 201, or PUT /admin/collections/{id}; both answer the collection. */
export async function saveAdminCollection({
  id,
  input,
}: SaveAdminCollectionVariables): Promise<AdminCollection> {
  const body = id
    ? await adminHttp.put(`/collections/${encodeURIComponent(id)}`, input)
    : await adminHttp.post('/collections', input)
  return adminCollectionSchema.parse(body)
}

/** Collections and the products' collection chips both change with a collection. */
export function invalidateCollectionAreas(queryClient: QueryClient, storeId: string | null) {
  return Promise.all(
    [adminKeys.collections.all(storeId), adminKeys.products.all(storeId)].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  )
}

export function useSaveAdminCollection() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveAdminCollection,
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.collections.detail(storeId, saved._id), saved)
      void invalidateCollectionAreas(queryClient, storeId)
    },
  })
}
