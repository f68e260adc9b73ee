import { useMutation, useQueryClient } from '@tanstack/react-query'

import { ADDRESSES_KEY } from '@/features/addresses/api/get-addresses'
import { assertOwner } from '@/lib/owner'
import {
  isOfflineAddressId,
  removeOfflineAddress,
} from '@/features/addresses/utils/offline-addresses'
import { http } from '@/lib/http/client'
import type { MutationConfig } from '@/lib/query-client'

/** DELETE /addresses/{id} (an address still waiting to be synced is only forgotten). */
export async function deleteAddress(id: string): Promise<void> {
  if (isOfflineAddressId(id)) {
    removeOfflineAddress(id)
    return
  }
  assertOwner()
  await http.delete(`/addresses/${encodeURIComponent(id)}`)
}

export function useDeleteAddress(config: MutationConfig<typeof deleteAddress> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...config,
    mutationFn: deleteAddress,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY })
      await config.onSuccess?.(...args)
    },
  })
}
