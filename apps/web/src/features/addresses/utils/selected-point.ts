import type { Address } from '@barrio/contracts/addresses'

import { readJsonStorage, STORAGE_KEYS, writeJsonStorage } from '@/lib/storage'

export type GeoPoint = { lat: number; lng: number }

type RememberedPoint = GeoPoint & { addressId: string }

/**
 * The selected address's coordinates, kept on the device with its id so that the home page can ask
 * for the shops near it on the first render, while the address list is still on its way (issue 10:
 * one round trip less before the first shops paint on a phone).
 */
export function readSelectedPoint(addressId: string | null): GeoPoint | null {
  if (!addressId) return null
  const saved = readJsonStorage(STORAGE_KEYS.selectedAddressPoint)
  if (typeof saved !== 'object' || saved === null) return null
  const { addressId: id, lat, lng } = saved as Partial<RememberedPoint>
  if (id !== addressId || typeof lat !== 'number' || typeof lng !== 'number') return null
  return { lat, lng }
}

export function rememberSelectedPoint(address: Pick<Address, '_id' | 'latitude' | 'longitude'>) {
  const point: RememberedPoint = {
    addressId: address._id,
    lat: address.latitude,
    lng: address.longitude,
  }
  writeJsonStorage(STORAGE_KEYS.selectedAddressPoint, point)
}
