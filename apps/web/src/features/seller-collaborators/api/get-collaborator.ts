import type { Collaborator } from '@barrio/contracts/admin-collaborators'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { sellerCollaboratorKeys } from '@/features/seller-collaborators/api/keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

/** GET /admin/collaborators/{id}: one person of the team, or a pending invitation. */
export async function getCollaborator(id: string) {
  return adminHttp.get<Collaborator>(`/collaborators/${encodeURIComponent(id)}`)
}

export function collaboratorQueryOptions(storeId: string | null, id: string) {
  return queryOptions({
    queryKey: sellerCollaboratorKeys.detail(storeId, id),
    queryFn: () => getCollaborator(id),
    enabled: Boolean(storeId && id),
  })
}

export function useCollaborator(id: string) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(collaboratorQueryOptions(storeId, id))
}
