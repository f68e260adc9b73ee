import type { QueryClient } from '@tanstack/react-query'

import { evaluateSellerContracts } from '@/features/admin-stores/utils/seller-contracts'
import { applyStoreSelection } from '@/features/admin-stores/utils/store-selection'
import { appStore, type AppState } from '@/lib/app-store'

/**
 * Loads the seller's stores (always fresh) and applies the auto-selection rule. The endpoint is
 * imported here, on a seller's session only: it parses with zod, which the first page of every
 * visitor must not download (decision 020; start-app imports this module), after the schemas it
 * reads have been evaluated in tasks of their own (seller-contracts.ts).
 */
export async function loadAdminStores(queryClient: QueryClient): Promise<void> {
  try {
    await evaluateSellerContracts()
    const { sessionStoresQueryOptions } = await import('@/api/admin/stores/get-stores')
    const stores = await queryClient.fetchQuery({ ...sessionStoresQueryOptions(), staleTime: 0 })
    applyStoreSelection(queryClient, stores)
  } catch (error) {
    console.warn('No se pudieron cargar las tiendas del vendedor.', error)
  }
}

function adminUserId(state: AppState): string | null {
  return state.isLoggedIn && state.appType === 'admin' ? (state.user?._id ?? null) : null
}

let stopWatching: (() => void) | null = null

/**
 * Spec section 4: when an admin session is set the app loads the seller's stores (admins do not
 * use the cart: their requests carry x-store-id instead of the cart and address headers).
 * When the session ends, seller data is dropped from the cache. Idempotent.
 */
export function watchAdminSession(queryClient: QueryClient): () => void {
  if (stopWatching) return stopWatching
  let current = adminUserId(appStore.getState())
  if (current) void loadAdminStores(queryClient)
  const unsubscribe = appStore.subscribe(() => {
    const next = adminUserId(appStore.getState())
    if (next === current) return
    current = next
    if (next) void loadAdminStores(queryClient)
    else queryClient.removeQueries({ queryKey: ['admin'] })
  })
  stopWatching = () => {
    unsubscribe()
    stopWatching = null
  }
  return stopWatching
}
