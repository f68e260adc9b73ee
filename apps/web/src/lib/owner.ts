import { NO_OWNER_MESSAGE } from '@barrio/contracts/constants'

import { appStore, type AppState } from '@/lib/app-store'
import { readStorage, STORAGE_KEYS } from '@/lib/storage'

/**
 * Who owns a customer's orders and addresses (spec sections 5-6): the signed-in user, else the
 * device id. Also the part of their query keys that changes when someone signs in or out.
 */
export function getOwnerKey(state: AppState = appStore.getState()): string | null {
  if (state.user?._id) return `user:${state.user._id}`
  if (state.isLoggedIn) return 'user'
  const deviceId = state.deviceId ?? readStorage(STORAGE_KEYS.deviceUuid)
  return deviceId ? `device:${deviceId}` : null
}

/** Spec section 5: without a user and a device id, owner-scoped requests fail before being sent. */
export function assertOwner(state: AppState = appStore.getState()): string {
  const owner = getOwnerKey(state)
  if (!owner) throw new Error(NO_OWNER_MESSAGE)
  return owner
}
