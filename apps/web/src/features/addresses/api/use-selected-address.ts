import type { Address } from '@barrio/contracts/addresses'

import { useAddress } from '@/features/addresses/api/get-address'
import { useAddresses } from '@/features/addresses/api/get-addresses'
import { useAppStore } from '@/lib/app-store'

/** The selected address (its id lives in the app store), from the list or, if not there, by id. */
export function useSelectedAddress(): { address: Address | null; isLoading: boolean } {
  const selectedId = useAppStore((s) => s.selectedAddressId)
  const { list, isPending, isError } = useAddresses()
  const fromList = selectedId ? (list.addresses.find((a) => a._id === selectedId) ?? null) : null
  const single = useAddress(selectedId, { enabled: !isPending && !fromList && !isError })
  return {
    address: fromList ?? single.data ?? null,
    isLoading: !!selectedId && !fromList && (isPending || single.isLoading),
  }
}
