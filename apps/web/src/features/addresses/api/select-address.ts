import type { Address } from '@barrio/contracts/addresses'
import type { Page } from '@barrio/contracts/pagination'
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'

import { ADDRESSES_KEY } from '@/features/addresses/api/get-addresses'
import { setDefaultAddress } from '@/api/customer/addresses/set-default-address'
import { clearCart } from '@/features/addresses/utils/address-selection'
import {
  isNetworkError,
  isOfflineAddressId,
  setOfflineDefault,
} from '@/features/addresses/utils/offline-addresses'
import { appStore, setSelectedAddressId } from '@/lib/app-store'
import type { MutationConfig } from '@/lib/query-client'

/**
 * Spec section 4: selecting a different address marks it as the default on the server
 * (PUT /addresses/{id}/default) and clears the cart; the id goes to the app store and its storage
 * key, and so out as x-address-id. Without a connection the choice is kept on the device.
 */
export async function selectAddress(address: Address, queryClient?: QueryClient): Promise<Address> {
  const { selectedAddressId } = appStore.getState()
  if (address._id === selectedAddressId && address.isDefault) return address

  if (isOfflineAddressId(address._id)) {
    setOfflineDefault(address._id)
  } else {
    try {
      await setDefaultAddress(address._id)
      setOfflineDefault(null)
    } catch (error) {
      if (!isNetworkError(error)) throw error
      console.warn('Sin conexión: la dirección elegida se marcará como predeterminada después.')
    }
  }

  if (address._id !== selectedAddressId) {
    setSelectedAddressId(address._id)
    clearCart()
  }

  if (queryClient) {
    // The cached lists now say what the server says, so the load rule keeps this choice.
    queryClient.setQueriesData<Page<Address>>({ queryKey: [...ADDRESSES_KEY, 'list'] }, (page) =>
      page
        ? { ...page, docs: page.docs.map((a) => ({ ...a, isDefault: a._id === address._id })) }
        : page,
    )
    void queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY })
  }
  return { ...address, isDefault: true }
}

export function useSelectAddress(config: MutationConfig<typeof selectAddress> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...config,
    mutationFn: (address: Address) => selectAddress(address, queryClient),
  })
}
