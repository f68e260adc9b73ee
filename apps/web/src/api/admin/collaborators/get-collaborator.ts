import { collaboratorSchema } from '@barrio/contracts/admin-collaborators'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

/** GET /admin/collaborators/{id}: one person of the team, or a pending invitation. */
export async function getCollaborator(id: string) {
  return collaboratorSchema.parse(await adminHttp.get(`/collaborators/${encodeURIComponent(id)}`))
}

export function collaboratorQueryOptions(storeId: string | null, id: string) {
  return queryOptions({
    queryKey: adminKeys.collaborators.detail(storeId, id),
    queryFn: () => getCollaborator(id),
    enabled: Boolean(storeId && id),
  })
}

export function useCollaborator(id: string) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(collaboratorQueryOptions(storeId, id))
}
