import type { Address } from '@barrio/contracts/addresses'
import { PAGE_SIZES } from '@barrio/contracts/constants'
import type { Page } from '@barrio/contracts/pagination'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { assertOwner, getOwnerKey } from '@/lib/owner'
import {
  isNetworkError,
  mergeWithOffline,
  readOfflineAddresses,
} from '@/features/addresses/utils/offline-addresses'
import { useAppStore } from '@/lib/app-store'
import { http } from '@/lib/http/client'

export const ADDRESSES_KEY = ['addresses'] as const

export type AddressListParams = { page?: number; limit?: number }

/**
 * GET /addresses?page&limit (defaults 1 and 50). Needs a signed-in user or a device id: without
 * both it fails on the client with 'User is not logged in and deviceId not set...'.
 * Typed, not parsed: the address bar is in the app's first chunk (decision 034: no zod on the first page).
 */
export async function getAddresses({
  page = 1,
  limit = PAGE_SIZES.addresses,
}: AddressListParams = {}): Promise<Page<Address>> {
  assertOwner()
  const response = await http.get<Page<Address>>('/addresses', { params: { page, limit } })
  return response.data
}

export function getAddressesQueryOptions(
  { page = 1, limit = PAGE_SIZES.addresses }: AddressListParams = {},
  owner: string | null = getOwnerKey(),
) {
  return queryOptions({
    // The owner is part of the key: signing in or out loads that owner's list.
    queryKey: [...ADDRESSES_KEY, 'list', owner, { page, limit }],
    queryFn: () => getAddresses({ page, limit }),
    placeholderData: keepPreviousData,
  })
}

/** The list the screens show: the server page plus the addresses waiting to be synced. */
export type AddressList = {
  addresses: Address[]
  page: Page<Address> | undefined
  /** The API could not be reached: only the addresses kept on this device are shown. */
  isOffline: boolean
}

export function useAddresses(params: AddressListParams = {}) {
  const owner = useAppStore(getOwnerKey)
  const query = useQuery(getAddressesQueryOptions(params, owner))
  const isOffline = query.isError && isNetworkError(query.error)
  // Offline addresses go with the first page only.
  const offline = (params.page ?? 1) === 1 ? readOfflineAddresses() : []
  const list: AddressList = {
    addresses: mergeWithOffline(query.data?.docs ?? [], offline),
    page: query.data,
    isOffline,
  }
  return { ...query, list }
}
