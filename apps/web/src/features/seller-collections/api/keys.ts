import { storeAreaKeys } from '@/lib/admin-query-keys'

/** Collections of one store: lists by params and each collection. */
export const collectionKeys = storeAreaKeys('collections')
