import type { GeoPoint } from '@barrio/contracts/geo'
import type { Address } from '@barrio/contracts/addresses'

import { shortAddress } from '@/features/addresses/utils/address-selection'
import { readJsonStorage, STORAGE_KEYS, writeJsonStorage } from '@/lib/storage'

/** The point and the short line ("Gurruchaga 1723, Palermo") shown above the shops. */
export type RememberedPlace = GeoPoint & { line: string }

type RememberedPoint = RememberedPlace & { addressId: string }

/**
 * The selected address's coordinates and short line, kept on the device with its id so that the
 * home page can ask for the shops near it (and say where) on the first render, while the address
 * list is still on its way (issue 10: round trips less before the first shops paint on a phone,
 * and nothing moves when the address arrives).
 */
export function readSelectedPoint(addressId: string | null): RememberedPlace | null {
  if (!addressId) return null
  const saved = readJsonStorage(STORAGE_KEYS.selectedAddressPoint)
  if (typeof saved !== 'object' || saved === null) return null
  const { addressId: id, lat, lng, line } = saved as Partial<RememberedPoint>
  if (id !== addressId || typeof lat !== 'number' || typeof lng !== 'number') return null
  return { lat, lng, line: typeof line === 'string' ? line : '' }
}

export function rememberSelectedPoint(
  address: Pick<Address, '_id' | 'latitude' | 'longitude' | 'street' | 'number' | 'city'>,
) {
  const point: RememberedPoint = {
    addressId: address._id,
    lat: address.latitude,
    lng: address.longitude,
    line: shortAddress(address),
  }
  writeJsonStorage(STORAGE_KEYS.selectedAddressPoint, point)
}
