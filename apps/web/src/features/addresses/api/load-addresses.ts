import type { Address } from '@barrio/contracts/addresses'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'

import { ADDRESSES_KEY, getAddressesQueryOptions } from '@/features/addresses/api/get-addresses'
import { syncOfflineAddresses } from '@/features/addresses/api/sync-offline-addresses'
import { applyLoadedAddresses } from '@/features/addresses/utils/address-selection'
import {
  isNetworkError,
  mergeWithOffline,
  readOfflineAddresses,
} from '@/features/addresses/utils/offline-addresses'
import { queryClient as appQueryClient } from '@/lib/query-client'

/**
 * Spec section 4: a customer (signed in or not) loads the address list and selects the default
 * address, else the first. Addresses kept offline are sent first; when the API cannot be reached
 * the offline ones are the list. Rejects like getAddresses (e.g. no user and no device id).
 */
export async function loadAddresses(queryClient: QueryClient = appQueryClient): Promise<Address[]> {
  const { synced } = await syncOfflineAddresses()
  if (synced > 0) await queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY })
  let serverAddresses: Address[] = []
  try {
    serverAddresses = (await queryClient.fetchQuery(getAddressesQueryOptions())).docs
  } catch (error) {
    if (!isNetworkError(error)) throw error
  }
  const addresses = mergeWithOffline(serverAddresses, readOfflineAddresses())
  applyLoadedAddresses(addresses)
  return addresses
}

/**
 * Keeps the selection in step with the list while the app runs (sign-in moves the device's
 * addresses to the account, a deletion may remove the selected one), and sends offline addresses
 * when the connection comes back. Mounted once, by the header's address button.
 */
export function useAddressSync(
  list: { addresses: Address[]; isOffline: boolean },
  { isSuccess, dataUpdatedAt }: { isSuccess: boolean; dataUpdatedAt: number },
) {
  const queryClient = useQueryClient()
  const ready = isSuccess || list.isOffline
  const ids = list.addresses.map((a) => `${a._id}:${a.isDefault ? 1 : 0}`).join(',')

  useEffect(() => {
    if (ready) applyLoadedAddresses(list.addresses)
    // `ids` and `dataUpdatedAt` say when the list changed; the array itself is new every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, ids, dataUpdatedAt])

  useEffect(() => {
    const onOnline = () => {
      void syncOfflineAddresses().then(({ synced }) => {
        if (synced > 0) void queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY })
      })
    }
    window.addEventListener('online', onOnline)
    return () => window.removeEventListener('online', onOnline)
  }, [queryClient])

  // The API answered: a good moment to send what was kept offline.
  useEffect(() => {
    if (isSuccess) onlineAgain(queryClient)
  }, [isSuccess, dataUpdatedAt, queryClient])
}

function onlineAgain(queryClient: QueryClient) {
  if (readOfflineAddresses().length === 0) return
  void syncOfflineAddresses().then(({ synced }) => {
    if (synced > 0) void queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY })
  })
}
