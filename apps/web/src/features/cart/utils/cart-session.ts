import type { QueryClient } from '@tanstack/react-query'

import { getCartController } from '@/features/cart/utils/cart-controller'
import { appStore, type AppState } from '@/lib/app-store'
import { STORAGE_KEYS } from '@/lib/storage'

/**
 * Who the cart belongs to: sellers and operators (issue 24: whose session may be limited to the
 * second factor) have none; a customer's changes when they sign in or out.
 */
function cartOwner(state: AppState): string {
  if (state.appType !== 'customer') return 'admin'
  if (state.isLoggedIn) return `user:${state.user?._id ?? ''}`
  return 'anonymous'
}

let stopWatching: (() => void) | null = null

/**
 * Spec section 4: a customer loads the cart and an admin closes it. Signing in (the anonymous cart
 * moves to the account) or out asks the server again. Selecting a different address forgets the
 * cart token: the cart then starts over. Idempotent.
 */
export function watchCartSession(queryClient: QueryClient): () => void {
  if (stopWatching) return stopWatching
  const controller = getCartController(queryClient)
  let owner = cartOwner(appStore.getState())
  let addressId = appStore.getState().selectedAddressId
  if (owner !== 'admin') void controller.load()

  const unsubscribe = appStore.subscribe(() => {
    const state = appStore.getState()
    if (state.selectedAddressId !== addressId) {
      addressId = state.selectedAddressId
      // The token is forgotten right after the selection is stored: look once that is done.
      queueMicrotask(() => controller.checkToken())
    }
    const next = cartOwner(state)
    if (next === owner) return
    owner = next
    if (next === 'admin') controller.close()
    else void controller.refresh()
  })

  // Another tab started a new cart or forgot this one.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.cartToken || event.key === null) controller.checkToken()
  }
  window.addEventListener('storage', onStorage)

  stopWatching = () => {
    unsubscribe()
    window.removeEventListener('storage', onStorage)
    stopWatching = null
  }
  return stopWatching
}

/** Stops following the session, if followed (tests start the app many times in one module). */
export function stopCartSession(): void {
  stopWatching?.()
}
