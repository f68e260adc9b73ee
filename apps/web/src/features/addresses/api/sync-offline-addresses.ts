import { postAddress } from '@/features/addresses/api/create-address'
import { setDefaultAddress } from '@/api/customer/addresses/set-default-address'
import { getOwnerKey } from '@/lib/owner'
import {
  isNetworkError,
  readOfflineEntries,
  removeOfflineAddress,
} from '@/features/addresses/utils/offline-addresses'
import { appStore, setSelectedAddressId } from '@/lib/app-store'
import { isApiError } from '@/lib/http/api-error'

export type SyncResult = { synced: number; remaining: number }

let running: Promise<SyncResult> | null = null

async function sync(): Promise<SyncResult> {
  let synced = 0
  for (const entry of readOfflineEntries()) {
    try {
      const created = await postAddress(entry.input)
      removeOfflineAddress(entry.localId)
      synced += 1
      const wasSelected = appStore.getState().selectedAddressId === entry.localId
      if (wasSelected) setSelectedAddressId(created._id)
      if ((wasSelected || entry.isDefault) && !created.isDefault) {
        await setDefaultAddress(created._id).catch((error: unknown) => {
          console.warn('No se pudo marcar la dirección sincronizada como predeterminada.', error)
        })
      }
    } catch (error) {
      // Still offline: keep everything for the next attempt.
      if (isNetworkError(error)) break
      // The server refused this one for good (invalid data): drop it rather than retry forever.
      if (isApiError(error) && error.statusCode >= 400 && error.statusCode < 500) {
        if (![401, 403, 408, 429].includes(error.statusCode)) {
          console.error('Se descartó una dirección guardada sin conexión.', error)
          removeOfflineAddress(entry.localId)
          continue
        }
      }
      break
    }
  }
  return { synced, remaining: readOfflineEntries().length }
}

/**
 * Sends the addresses kept while offline (POST /addresses), oldest first, when the API is
 * reachable again; the selection follows a synced address to its new id. One run at a time.
 */
export function syncOfflineAddresses(): Promise<SyncResult> {
  if (readOfflineEntries().length === 0 || !getOwnerKey()) {
    return Promise.resolve({ synced: 0, remaining: readOfflineEntries().length })
  }
  running ??= sync().finally(() => {
    running = null
  })
  return running
}
