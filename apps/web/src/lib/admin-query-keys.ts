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

/**
 * The one key convention of seller data: store id, then area, then `list` + params or
 * `detail` + id (+ what hangs from it). Invalidating `all` refreshes the whole area of one store;
 * `lists` refreshes every page and filter of its list and leaves the details alone.
 */
export function storeAreaKeys(area: string) {
  return {
    all: (storeId: string | null) => storeScopedKey(storeId, area),
    lists: (storeId: string | null) => storeScopedKey(storeId, area, 'list'),
    list: (storeId: string | null, params: object) => storeScopedKey(storeId, area, 'list', params),
    detail: (storeId: string | null, id: string, ...rest: unknown[]) =>
      storeScopedKey(storeId, area, 'detail', id, ...rest),
  }
}

/**
 * Store settings (logistics, payments, taxes, notifications) are one query each under
 * `['admin', 'store', id, 'settings', name]`; data not tied to a store (the seller's stores, app
 * resources) lives under `['admin', area, ...]`.
 */
export function storeSettingsKey(storeId: string | null, name: string): unknown[] {
  return storeScopedKey(storeId, 'settings', name)
}
