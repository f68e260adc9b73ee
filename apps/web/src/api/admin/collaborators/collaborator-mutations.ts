import {
  collaboratorSchema,
  type CollaboratorInviteInput,
  type CollaboratorRoleInput,
} from '@barrio/contracts/admin-collaborators'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'
import { getErrorMessage } from '@/lib/http/api-error'
import { showErrorToast, showToast } from '@/lib/toast'

/** POST /admin/collaborators: an invitation by e-mail (the link is valid 7 days). */
export async function inviteCollaborator(input: CollaboratorInviteInput) {
  return collaboratorSchema.parse(await adminHttp.post('/collaborators', input))
}
/** PUT /admin/collaborators/{id} {role}. */
export async function changeCollaboratorRole(id: string, input: CollaboratorRoleInput) {
  return collaboratorSchema.parse(
    await adminHttp.put(`/collaborators/${encodeURIComponent(id)}`, input),
  )
}
/** DELETE /admin/collaborators/{id}: removes a member or revokes an invitation. */
export async function removeCollaborator(id: string) {
  await adminHttp.delete(`/collaborators/${encodeURIComponent(id)}`)
}
/** POST /admin/collaborators/{id}/resend: a new link, valid 7 days from now. */
export async function resendInvitation(id: string) {
  return collaboratorSchema.parse(
    await adminHttp.post(`/collaborators/${encodeURIComponent(id)}/resend`),
  )
}

function useRefreshTeam() {
  const queryClient = useQueryClient()
  const storeId = useAppStore((s) => s.selectedStoreId)
  return () =>
    void queryClient.invalidateQueries({ queryKey: adminKeys.collaborators.all(storeId) })
}

/** The invite form's mutation: the form shows field errors itself. */
export function useInviteCollaborator() {
  const refresh = useRefreshTeam()
  return useMutation({
    mutationFn: inviteCollaborator,
    onSuccess: (invited) =>
      showToast({ message: `Le enviamos la invitación a ${invited.email}.`, type: 'success' }),
    onSettled: refresh,
  })
}

export function useChangeCollaboratorRole() {
  const refresh = useRefreshTeam()
  return useMutation({
    mutationFn: ({ id, role }: { id: string } & CollaboratorRoleInput) =>
      changeCollaboratorRole(id, { role }),
    onSuccess: () => showToast({ message: 'Cambiamos el rol.', type: 'success' }),
    onError: (error) => showErrorToast(getErrorMessage(error)),
    onSettled: refresh,
  })
}

export function useRemoveCollaborator() {
  const refresh = useRefreshTeam()
  return useMutation({
    mutationFn: ({ id }: { id: string; message: string }) => removeCollaborator(id),
    onSuccess: (_r, { message }) => showToast({ message, type: 'success' }),
    onError: (error) => showErrorToast(getErrorMessage(error)),
    onSettled: refresh,
  })
}

export function useResendInvitation() {
  const refresh = useRefreshTeam()
  return useMutation({
    mutationFn: ({ id }: { id: string }) => resendInvitation(id),
    onSuccess: (c) =>
      showToast({ message: `Reenviamos la invitación a ${c.email}.`, type: 'success' }),
    onError: (error) => showErrorToast(getErrorMessage(error)),
    onSettled: refresh,
  })
}
