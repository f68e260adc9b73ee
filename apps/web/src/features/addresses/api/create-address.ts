import type { Address, AddressInput } from '@barrio/contracts/addresses'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { ADDRESSES_KEY } from '@/features/addresses/api/get-addresses'
import { assertOwner } from '@/lib/owner'
import { isNetworkError, saveOfflineAddress } from '@/features/addresses/utils/offline-addresses'
import { http } from '@/lib/http/client'
import type { MutationConfig } from '@/lib/query-client'

/**
 * POST /addresses. The server makes the first address the default.
 * Typed, not parsed: the address bar is in the app's first chunk (decision 034: no zod on the first page).
 */
export async function postAddress(input: AddressInput): Promise<Address> {
  assertOwner()
  const response = await http.post<Address>('/addresses', input)
  return response.data
}

/**
 * Saves an address; when the API cannot be reached it is kept on the device (offline addresses)
 * and sent later by syncOfflineAddresses. Server errors (validation...) are thrown as ApiError.
 */
export async function createAddress(input: AddressInput): Promise<Address> {
  try {
    return await postAddress(input)
  } catch (error) {
    if (!isNetworkError(error)) throw error
    // Nobody validates it before it is synced: the contract's schema does (and normalises it),
    // loaded only now so that zod stays out of the first page's bundle (decision 020).
    const { addressInputSchema } = await import('@barrio/contracts/addresses')
    return saveOfflineAddress(addressInputSchema.parse(input))
  }
}

export function useCreateAddress(config: MutationConfig<typeof createAddress> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...config,
    mutationFn: createAddress,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY })
      await config.onSuccess?.(...args)
    },
  })
}
