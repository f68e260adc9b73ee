import { storeAreaKeys } from '@/lib/admin-query-keys'

/** The selected store's dashboard (store-scoped) and the seller's line per store (not scoped). */
export const sellerDashboardKeys = {
  ...storeAreaKeys('dashboard'),
  stores: () => ['admin', 'dashboard-stores'] as const,
}
