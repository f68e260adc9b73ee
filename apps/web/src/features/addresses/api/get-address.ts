import type { Address } from '@barrio/contracts/addresses'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { ADDRESSES_KEY } from '@/features/addresses/api/get-addresses'
import { assertOwner, getOwnerKey } from '@/lib/owner'
import { isOfflineAddressId } from '@/features/addresses/utils/offline-addresses'
import { useAppStore } from '@/lib/app-store'
import { http } from '@/lib/http/client'

/**
 * GET /addresses/{id}.
 * Typed, not parsed: the address bar is in the app's first chunk (decision 034: no zod on the first page).
 */
export async function getAddress(id: string): Promise<Address> {
  assertOwner()
  const response = await http.get<Address>(`/addresses/${encodeURIComponent(id)}`)
  return response.data
}

export function getAddressQueryOptions(id: string, owner: string | null = getOwnerKey()) {
  return queryOptions({
    queryKey: [...ADDRESSES_KEY, 'detail', owner, id],
    queryFn: () => getAddress(id),
  })
}

/** One address; `enabled` lets callers ask only when the list does not already hold it. */
export function useAddress(id: string | null, { enabled = true } = {}) {
  const owner = useAppStore(getOwnerKey)
  return useQuery({
    ...getAddressQueryOptions(id ?? '', owner),
    enabled: enabled && !!id && !isOfflineAddressId(id),
  })
}
