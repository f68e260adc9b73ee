import type { Address, AddressInput } from '@barrio/contracts/addresses'
import { PROVINCE_NAMES } from '@barrio/contracts/provinces'
import {
  formatPostalAddress,
  postalAddressFromInput,
} from '@barrio/contracts/postal-address-format'

import { ApiError, isApiError } from '@/lib/http/api-error'
import { readJsonStorage, STORAGE_KEYS, writeJsonStorage } from '@/lib/storage'
import { createUuid } from '@/lib/uuid'

/**
 * Addresses saved while the API could not be reached (spec section 3, "offline addresses"). They
 * live under barrio.offlineAddresses until they are sent with POST /addresses.
 */
export const OFFLINE_ID_PREFIX = 'offline-'

export type OfflineAddressEntry = {
  localId: string
  /** Validated with the contract's addressInputSchema before it was kept (callers do it). */
  input: AddressInput
  createdAt: string
  isDefault: boolean
}

/**
 * An entry as this app writes it. A structural check by hand, not zod (decision 020): this module
 * runs on the first page, and the inputs were validated with the contract's schema when saved.
 */
function toEntry(item: unknown): OfflineAddressEntry | null {
  if (typeof item !== 'object' || item === null) return null
  const { localId, input, createdAt, isDefault } = item as Record<string, unknown>
  if (typeof localId !== 'string' || !localId.startsWith(OFFLINE_ID_PREFIX)) return null
  if (typeof createdAt !== 'string' || typeof input !== 'object' || input === null) return null
  const { street, provinceCode, latitude, longitude } = input as Record<string, unknown>
  if (typeof street !== 'string' || typeof provinceCode !== 'string') return null
  if (!Object.hasOwn(PROVINCE_NAMES, provinceCode)) return null
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null
  return { localId, input: input as AddressInput, createdAt, isDefault: isDefault === true }
}

export function isOfflineAddressId(id: string | null | undefined): boolean {
  return typeof id === 'string' && id.startsWith(OFFLINE_ID_PREFIX)
}

/** A request that got no answer at all (offline, DNS, server down): statusCode 0. */
export function isNetworkError(error: unknown): boolean {
  return isApiError(error) && error.statusCode === 0
}

export function readOfflineEntries(): OfflineAddressEntry[] {
  const raw = readJsonStorage(STORAGE_KEYS.offlineAddresses)
  if (!Array.isArray(raw)) return []
  const entries: OfflineAddressEntry[] = []
  for (const item of raw) {
    const entry = toEntry(item)
    if (entry) entries.push(entry)
  }
  return entries
}

export function writeOfflineEntries(entries: OfflineAddressEntry[]): void {
  writeJsonStorage(STORAGE_KEYS.offlineAddresses, entries.length > 0 ? entries : null)
}

/** "Gurruchaga 1723, 3° B, Palermo, Ciudad Autónoma de Buenos Aires", as the API writes it. */
export function formatAddressLine(
  input: Pick<
    AddressInput,
    'street' | 'number' | 'floorApartment' | 'neighbourhood' | 'city' | 'provinceCode'
  >,
): string {
  return formatPostalAddress({ ...input, provinceName: PROVINCE_NAMES[input.provinceCode] })
}

export const OFFLINE_NEEDS_POINT_MESSAGE =
  'Sin conexión no podemos ubicar la dirección: marcá tu puerta en el mapa o probá más tarde'

/**
 * An address kept on the device needs its point: only the API locates a typed address (decision
 * 038). Refused with a field error otherwise.
 */
export function withPoint(
  input: AddressInput,
): AddressInput & { latitude: number; longitude: number } {
  const { latitude, longitude } = input
  if (latitude === undefined || longitude === undefined) {
    throw new ApiError({
      statusCode: 400,
      code: 'MISSING_REQUIRED_FIELD',
      message: OFFLINE_NEEDS_POINT_MESSAGE,
      errors: [{ name: 'latitude', message: OFFLINE_NEEDS_POINT_MESSAGE }],
    })
  }
  return { ...input, latitude, longitude }
}

/** An offline entry in the Address shape the screens use. */
export function toOfflineAddress(entry: OfflineAddressEntry): Address {
  const input = withPoint(entry.input)
  const geocodedBy = input.geocodedBy ?? 'pin'
  return {
    _id: entry.localId,
    label: input.label ?? null,
    ...postalAddressFromInput(input),
    notes: input.notes ?? null,
    latitude: input.latitude,
    longitude: input.longitude,
    placeId: input.placeId ?? null,
    geocodedBy,
    approximate: geocodedBy === 'locality',
    isDefault: entry.isDefault,
    formattedAddress: formatAddressLine(input),
    createdAt: entry.createdAt,
  }
}

export function readOfflineAddresses(): Address[] {
  return readOfflineEntries().map(toOfflineAddress)
}

/**
 * Keeps an address (already parsed with addressInputSchema) locally; it is sent when the API is
 * reachable again.
 */
export function saveOfflineAddress(input: AddressInput): Address {
  const entry: OfflineAddressEntry = {
    localId: `${OFFLINE_ID_PREFIX}${createUuid()}`,
    input: withPoint(input),
    createdAt: new Date().toISOString(),
    isDefault: false,
  }
  writeOfflineEntries([...readOfflineEntries(), entry])
  return toOfflineAddress(entry)
}

/** Replaces the input (already parsed with addressInputSchema) of an address kept locally. */
export function updateOfflineAddress(localId: string, input: AddressInput): Address | null {
  let updated: OfflineAddressEntry | null = null
  const entries = readOfflineEntries().map((entry) => {
    if (entry.localId !== localId) return entry
    updated = { ...entry, input: withPoint(input) }
    return updated
  })
  writeOfflineEntries(entries)
  return updated ? toOfflineAddress(updated) : null
}

export function removeOfflineAddress(localId: string): void {
  writeOfflineEntries(readOfflineEntries().filter((entry) => entry.localId !== localId))
}

/** Marks one offline address as the default (null: none of them). */
export function setOfflineDefault(localId: string | null): void {
  writeOfflineEntries(
    readOfflineEntries().map((entry) => ({ ...entry, isDefault: entry.localId === localId })),
  )
}

/**
 * The list the screens show: the server's addresses, then the ones waiting to be sent. An offline
 * default (chosen while offline) wins over the server's until it is synced.
 */
export function mergeWithOffline(serverAddresses: Address[], offline: Address[]): Address[] {
  const offlineDefault = offline.some((a) => a.isDefault)
  const server = offlineDefault
    ? serverAddresses.map((a) => (a.isDefault ? { ...a, isDefault: false } : a))
    : serverAddresses
  return [...server, ...offline]
}
