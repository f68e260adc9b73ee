import { storeAreaKeys, storeScopedKey } from '@/lib/admin-query-keys'

/** The payments ledger of one store: pages by params, the period's totals, orders to confirm. */
export const sellerPaymentKeys = {
  ...storeAreaKeys('payments'),
  summary: (storeId: string | null, range: { from: string; to: string }) =>
    storeScopedKey(storeId, 'payments', 'summary', range),
  awaiting: (storeId: string | null) => storeScopedKey(storeId, 'payments', 'awaiting'),
}
