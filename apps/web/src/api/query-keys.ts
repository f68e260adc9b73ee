import type { QueryClient } from '@tanstack/react-query'

/**
 * The one query-key factory of the web app (decision 034): every endpoint module under src/api
 * takes its keys from here, so two screens reading the same endpoint share one cache entry and a
 * mutation can refresh what it changed without knowing which screen shows it.
 */

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

/** The seller's store-scoped areas, one key set each (see storeAreaKeys). */
export const adminKeys = {
  analytics: storeAreaKeys('analytics'),
  collaborators: storeAreaKeys('collaborators'),
  collections: {
    ...storeAreaKeys('collections'),
    /** Every collection as a select option (the product editor). */
    options: (storeId: string | null) => storeScopedKey(storeId, 'collections', 'options'),
  },
  customers: storeAreaKeys('customers'),
  dashboard: {
    ...storeAreaKeys('dashboard'),
    /** The seller's line per store: not store-scoped. */
    stores: () => ['admin', 'dashboard-stores'] as const,
  },
  inventory: storeAreaKeys('inventory'),
  orders: {
    ...storeAreaKeys('orders'),
    /** The delivery steps that apply to one order. */
    events: (storeId: string | null, orderId: string) =>
      storeAreaKeys('orders').detail(storeId, orderId, 'fulfillment-events'),
    /** Which of the user's stores an order belongs to: not store-scoped. */
    store: (orderId: string) => ['admin', 'order-store', orderId] as const,
  },
  payments: {
    ...storeAreaKeys('payments'),
    summary: (storeId: string | null, range: { from: string; to: string }) =>
      storeScopedKey(storeId, 'payments', 'summary', range),
    awaiting: (storeId: string | null) => storeScopedKey(storeId, 'payments', 'awaiting'),
    /** The month's commission statement (decision 045): refreshed with the rest of payments. */
    statement: (storeId: string | null, month: string) =>
      storeScopedKey(storeId, 'payments', 'statement', month),
  },
  products: {
    ...storeAreaKeys('products'),
    /** The id of the next new product. */
    newId: (storeId: string | null) => storeScopedKey(storeId, 'products', 'new-id'),
    /** The collection editor's product picker, by search text. */
    pick: (storeId: string | null, text: string) =>
      storeScopedKey(storeId, 'products', 'pick', text),
    /** The products of one collection (the collection editor). */
    members: (storeId: string | null, collectionId: string) =>
      storeScopedKey(storeId, 'products', 'members', collectionId),
  },
  /** Bulk price changes (issue 28): the history; a change or an undo refreshes products too. */
  priceChanges: storeAreaKeys('price-changes'),
  settings: (storeId: string | null, name: string) => storeSettingsKey(storeId, name),
  /** Store coupons (issue 28). */
  coupons: storeAreaKeys('coupons'),
  /** Botón de arrepentimiento requests (issue 27): the list and the pending badge. */
  withdrawals: storeAreaKeys('withdrawals'),
  /** The seller's own stores: not store-scoped. */
  stores: {
    all: ['admin', 'stores'] as const,
    /** Every store of the seller, for the switcher and the auto-selection rule. */
    session: ['admin', 'stores', 'session'] as const,
    page: (page: number) => ['admin', 'stores', 'page', page] as const,
    detail: (storeId: string) => ['admin', 'stores', 'detail', storeId] as const,
  },
  /** The running total of an order the shop takes itself (POST /admin/orders/quote). */
  counterOrderQuote: {
    all: (storeId: string | null) => storeScopedKey(storeId, 'counter-orders', 'quote'),
    one: (storeId: string | null, input: object) =>
      storeScopedKey(storeId, 'counter-orders', 'quote', input),
  },
}
