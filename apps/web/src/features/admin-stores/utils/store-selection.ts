import type { AdminStore } from '@barrio/contracts/admin-stores'
import type { QueryClient } from '@tanstack/react-query'

import { appStore, setSelectedStoreId } from '@/lib/app-store'
import { invalidateStoreScopedQueries } from '@/api/query-keys'

/**
 * Spec section 4: the admin store list auto-selects the first store when only one exists or none
 * is chosen. A choice that is no longer in the list counts as none; with no stores, nothing is
 * selected. Active stores come before archived ones when picking "the first", and an archived
 * choice gives way to an active store.
 */
export function resolveSelectedStoreId(
  stores: ReadonlyArray<Pick<AdminStore, '_id' | 'status'>>,
  selectedStoreId: string | null,
): string | null {
  if (stores.length === 0) return null
  const firstActive = stores.find((s) => s.status !== 'archived')
  const first = (firstActive ?? stores[0])?._id ?? null
  if (stores.length === 1) return first
  const chosen = selectedStoreId ? stores.find((s) => s._id === selectedStoreId) : undefined
  // A store archived meanwhile gives way to an active one.
  if (!chosen || (chosen.status === 'archived' && firstActive)) return first
  return chosen._id
}

/** Switches the store every admin request names in x-store-id, and refreshes store data. */
export function selectStore(queryClient: QueryClient, storeId: string | null): void {
  if (appStore.getState().selectedStoreId === storeId) return
  setSelectedStoreId(storeId)
  void invalidateStoreScopedQueries(queryClient)
}

/** Applies the auto-selection rule to a freshly loaded store list. */
export function applyStoreSelection(
  queryClient: QueryClient,
  stores: ReadonlyArray<Pick<AdminStore, '_id' | 'status'>>,
): void {
  selectStore(queryClient, resolveSelectedStoreId(stores, appStore.getState().selectedStoreId))
}
