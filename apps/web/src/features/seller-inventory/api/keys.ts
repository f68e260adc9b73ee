import { storeAreaKeys } from '@/lib/admin-query-keys'

/** Stock rows (one per variant) of one store, by list params. */
export const inventoryKeys = storeAreaKeys('inventory')
