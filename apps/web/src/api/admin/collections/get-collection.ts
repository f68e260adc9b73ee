import { adminCollectionSchema, type AdminCollection } from '@barrio/contracts/admin-collections'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

/** GET /admin/collections/{id}. */
export async function getAdminCollection(id: string): Promise<AdminCollection> {
  return adminCollectionSchema.parse(await adminHttp.get(`/collections/${encodeURIComponent(id)}`))
}

export function adminCollectionQueryOptions(storeId: string | null, id: string) {
  return queryOptions({
    queryKey: adminKeys.collections.detail(storeId, id),
    queryFn: () => getAdminCollection(id),
    enabled: Boolean(storeId),
  })
}

export function useAdminCollection(id: string) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(adminCollectionQueryOptions(storeId, id))
}
