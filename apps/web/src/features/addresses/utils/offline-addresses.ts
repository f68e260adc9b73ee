import { addressInputSchema, type Address, type AddressInput } from '@barrio/contracts/addresses'
import { PROVINCE_NAMES } from '@barrio/contracts/provinces'
import { formatPostalAddress, postalAddressFromInput } from '@barrio/contracts/common'
import { z } from 'zod'

import { isApiError } from '@/lib/http/api-error'
import { readJsonStorage, STORAGE_KEYS, writeJsonStorage } from '@/lib/storage'
import { createUuid } from '@/lib/uuid'

/**
 * Addresses saved while the API could not be reached (spec section 3, "offline addresses"). They
 * live under barrio.offlineAddresses until they are sent with POST /addresses.
 */
export const OFFLINE_ID_PREFIX = 'offline-'

const offlineEntrySchema = z.object({
  localId: z.string().startsWith(OFFLINE_ID_PREFIX),
  input: addressInputSchema,
  createdAt: z.string(),
  isDefault: z.boolean().default(false),
})
export type OfflineAddressEntry = z.infer<typeof offlineEntrySchema>

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
    const parsed = offlineEntrySchema.safeParse(item)
    if (parsed.success) entries.push(parsed.data)
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

/** An offline entry in the Address shape the screens use. */
export function toOfflineAddress(entry: OfflineAddressEntry): Address {
  const { input } = entry
  return {
    _id: entry.localId,
    label: input.label ?? null,
    ...postalAddressFromInput(input),
    notes: input.notes ?? null,
    latitude: input.latitude,
    longitude: input.longitude,
    placeId: input.placeId ?? null,
    isDefault: entry.isDefault,
    formattedAddress: formatAddressLine(input),
    createdAt: entry.createdAt,
  }
}

export function readOfflineAddresses(): Address[] {
  return readOfflineEntries().map(toOfflineAddress)
}

/** Keeps an address locally; it is sent when the API is reachable again. */
export function saveOfflineAddress(input: AddressInput): Address {
  const entry: OfflineAddressEntry = {
    localId: `${OFFLINE_ID_PREFIX}${createUuid()}`,
    input: addressInputSchema.parse(input),
    createdAt: new Date().toISOString(),
    isDefault: false,
  }
  writeOfflineEntries([...readOfflineEntries(), entry])
  return toOfflineAddress(entry)
}

export function updateOfflineAddress(localId: string, input: AddressInput): Address | null {
  let updated: OfflineAddressEntry | null = null
  const entries = readOfflineEntries().map((entry) => {
    if (entry.localId !== localId) return entry
    updated = { ...entry, input: addressInputSchema.parse(input) }
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
