import {
  addressInputSchema,
  addressSchema,
  type Address,
  type AddressInput,
} from '@barrio/contracts/addresses'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { ADDRESSES_KEY } from '@/features/addresses/api/get-addresses'
import { assertOwner } from '@/lib/owner'
import {
  isOfflineAddressId,
  updateOfflineAddress,
} from '@/features/addresses/utils/offline-addresses'
import { http } from '@/lib/http/client'
import type { MutationConfig } from '@/lib/query-client'

export type UpdateAddressVariables = { id: string; input: AddressInput }

/** PUT /addresses/{id} (an address still waiting to be synced is edited on the device). */
export async function updateAddress({ id, input }: UpdateAddressVariables): Promise<Address> {
  if (isOfflineAddressId(id)) {
    const updated = updateOfflineAddress(id, addressInputSchema.parse(input))
    if (!updated) throw new Error('No encontramos esa dirección.')
    return updated
  }
  assertOwner()
  const response = await http.put<unknown>(
    `/addresses/${encodeURIComponent(id)}`,
    addressInputSchema.parse(input),
  )
  return addressSchema.parse(response.data)
}

export function useUpdateAddress(config: MutationConfig<typeof updateAddress> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...config,
    mutationFn: updateAddress,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY })
      await config.onSuccess?.(...args)
    },
  })
}
