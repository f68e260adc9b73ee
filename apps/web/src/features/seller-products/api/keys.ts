import { storeAreaKeys, storeScopedKey } from '@/lib/admin-query-keys'

/** Products of one store: lists by params, each product, and the id of the next new one. */
export const productKeys = {
  ...storeAreaKeys('products'),
  newId: (storeId: string | null) => storeScopedKey(storeId, 'products', 'new-id'),
}
