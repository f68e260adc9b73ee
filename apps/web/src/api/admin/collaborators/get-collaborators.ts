import { collaboratorPageSchema } from '@barrio/contracts/admin-collaborators'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

export type CollaboratorListParams = { page: number }

/** GET /admin/collaborators?page: the owner, the members and pending invitations, 25 a page. */
export async function getCollaborators(params: CollaboratorListParams) {
  return collaboratorPageSchema.parse(await adminHttp.get('/collaborators', { params }))
}

export function collaboratorsQueryOptions(storeId: string | null, params: CollaboratorListParams) {
  return queryOptions({
    queryKey: adminKeys.collaborators.list(storeId, params),
    queryFn: () => getCollaborators(params),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  })
}

export function useCollaborators(params: CollaboratorListParams) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(collaboratorsQueryOptions(storeId, params))
}
