import {
  operatorApplicationSchema,
  type OperatorApplication,
  type RejectApplicationInput,
} from '@barrio/contracts/operator'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { operatorKeys } from '@/api/operator/operator-keys'
import { operatorHttp } from '@/api/operator/operator-http'

const applicationPath = (id: string, verb: 'approve' | 'reject') =>
  `/merchant-applications/${encodeURIComponent(id)}/${verb}`

/** POST /operator/merchant-applications/{id}/approve: the applicant may open stores. */
export async function approveApplication(id: string): Promise<OperatorApplication> {
  return operatorApplicationSchema.parse(await operatorHttp.post(applicationPath(id, 'approve')))
}

/**
 * POST /operator/merchant-applications/{id}/reject {reason}: the applicant reads the reason.
 * A reason out of bounds is a 400 under `reason`; an application already decided, a 409.
 */
export async function rejectApplication(id: string, input: RejectApplicationInput): Promise<void> {
  // The answer (the application, rejected) is not needed: the queue is asked for again.
  await operatorHttp.post(applicationPath(id, 'reject'), input)
}

/** Either decision refreshes every page of the queue (the row moves to another status). */
function useRefreshApplications() {
  const queryClient = useQueryClient()
  return () => void queryClient.invalidateQueries({ queryKey: operatorKeys.applications.all() })
}

export function useApproveApplication() {
  const refresh = useRefreshApplications()
  return useMutation({ mutationFn: approveApplication, onSettled: refresh })
}

export function useRejectApplication() {
  const refresh = useRefreshApplications()
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: RejectApplicationInput }) =>
      rejectApplication(id, input),
    onSettled: refresh,
  })
}
