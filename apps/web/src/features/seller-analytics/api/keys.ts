import { storeAreaKeys } from '@/lib/admin-query-keys'

/** The figures of one store, by range. */
export const analyticsKeys = storeAreaKeys('analytics')
