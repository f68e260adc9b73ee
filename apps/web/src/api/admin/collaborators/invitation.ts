import { invitationAcceptedSchema, invitationSchema } from '@barrio/contracts/admin-collaborators'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { http } from '@/lib/http/client'

/** GET /auth/invitations/{token}: the store and role an invitation offers (no session needed). */
export async function getInvitation(token: string) {
  return invitationSchema.parse(
    (await http.get(`/auth/invitations/${encodeURIComponent(token)}`)).data,
  )
}

export function invitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['invitation', token],
    queryFn: () => getInvitation(token),
    retry: false,
  })
}

export function useInvitation(token: string) {
  return useQuery(invitationQueryOptions(token))
}

/**
 * POST /auth/invitations/{token}/accept. A wrong-account 403 is this page's answer, not a dead
 * session: the session stays (skipForbiddenHandler).
 */
export async function acceptInvitation(token: string) {
  return invitationAcceptedSchema.parse(
    (
      await http.post(
        `/auth/invitations/${encodeURIComponent(token)}/accept`,
        {},
        { skipForbiddenHandler: true },
      )
    ).data,
  )
}
