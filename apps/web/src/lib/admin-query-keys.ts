import type { QueryClient } from '@tanstack/react-query'

/**
 * Seller data that belongs to one store (products, inventory, collections, settings) lives under
 * these keys, with the store id as the third part: switching stores asks for fresh data.
 */
export const STORE_SCOPED_ROOT = ['admin', 'store'] as const

export function storeScopedKey(storeId: string | null, ...parts: unknown[]): unknown[] {
  return [...STORE_SCOPED_ROOT, storeId ?? '', ...parts]
}

/** Marks every store-scoped query stale (e.g. after the seller switches stores). */
export function invalidateStoreScopedQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [...STORE_SCOPED_ROOT] })
}
