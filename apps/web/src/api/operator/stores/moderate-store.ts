import {
  operatorStoreSchema,
  type ModerationReasonInput,
  type OperatorStore,
} from '@barrio/contracts/operator'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { operatorKeys } from '@/api/operator/operator-keys'
import { operatorHttp } from '@/api/operator/operator-http'

const storePath = (id: string, verb: 'suspend' | 'unsuspend') =>
  `/stores/${encodeURIComponent(id)}/${verb}`

/**
 * POST /operator/stores/{id}/suspend {reason}: customers stop seeing the store at once; its team
 * reads the reason. A reason out of bounds is a 400 under `reason`.
 */
export async function suspendStore(
  id: string,
  input: ModerationReasonInput,
): Promise<OperatorStore> {
  return operatorStoreSchema.parse(await operatorHttp.post(storePath(id, 'suspend'), input))
}

/** POST /operator/stores/{id}/unsuspend: the store is back for customers. */
export async function unsuspendStore(id: string): Promise<OperatorStore> {
  return operatorStoreSchema.parse(await operatorHttp.post(storePath(id, 'unsuspend')))
}

/** Either action refreshes every page of the list (the row may leave the status shown). */
function useRefreshStores() {
  const queryClient = useQueryClient()
  return () => void queryClient.invalidateQueries({ queryKey: operatorKeys.stores.all() })
}

export function useSuspendStore() {
  const refresh = useRefreshStores()
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ModerationReasonInput }) =>
      suspendStore(id, input),
    onSettled: refresh,
  })
}

export function useUnsuspendStore() {
  const refresh = useRefreshStores()
  return useMutation({ mutationFn: unsuspendStore, onSettled: refresh })
}
