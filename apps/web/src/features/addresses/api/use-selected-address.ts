import type { GeoPoint } from '@barrio/contracts/geo'
import type { Address } from '@barrio/contracts/addresses'
import { useEffect } from 'react'

import { useAddress } from '@/features/addresses/api/get-address'
import { useAddresses } from '@/features/addresses/api/get-addresses'
import { readSelectedPoint, rememberSelectedPoint } from '@/features/addresses/utils/selected-point'
import { shortAddress } from '@/features/addresses/utils/address-selection'
import { useAppStore } from '@/lib/app-store'

export type SelectedAddress = {
  address: Address | null
  /**
   * Where to look for shops: the address's coordinates, or, while it loads, the ones this device
   * remembered for the same address (selected-point.ts).
   */
  point: GeoPoint | null
  /** "Gurruchaga 1723, Palermo": the address's, or the remembered one while it loads. */
  line: string | null
  isLoading: boolean
}

/** The selected address (its id lives in the app store), from the list or, if not there, by id. */
export function useSelectedAddress(): SelectedAddress {
  const selectedId = useAppStore((s) => s.selectedAddressId)
  const { list, isPending, isError } = useAddresses()
  const fromList = selectedId ? (list.addresses.find((a) => a._id === selectedId) ?? null) : null
  const single = useAddress(selectedId, { enabled: !isPending && !fromList && !isError })
  const address = fromList ?? single.data ?? null
  const isLoading = !!selectedId && !fromList && (isPending || single.isLoading)

  useEffect(() => {
    if (address) rememberSelectedPoint(address)
  }, [address])

  if (address) {
    return {
      address,
      point: { lat: address.latitude, lng: address.longitude },
      line: shortAddress(address),
      isLoading,
    }
  }
  const remembered = isLoading ? readSelectedPoint(selectedId) : null
  return {
    address,
    point: remembered && { lat: remembered.lat, lng: remembered.lng },
    line: remembered?.line || null,
    isLoading,
  }
}
