import { adminOrderPageSchema, type AdminOrderSummary } from '@barrio/contracts/admin-orders'
import type { Page } from '@barrio/contracts/pagination'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

/** Open orders paid by transfer or cash that the seller has not confirmed yet, oldest first. */
export const AWAITING_FILTER = {
  unpaid: true,
  paymentMethod: { $in: ['bank_transfer', 'cash'] },
} as const

/** GET /admin/orders with the "awaiting confirmation" filter (not money yet: not in the ledger). */
export async function getAwaitingPayments(): Promise<Page<AdminOrderSummary>> {
  return adminOrderPageSchema.parse(
    await adminHttp.get('/orders', {
      params: { page: 1, limit: 25, sort: 'createdAt', query: JSON.stringify(AWAITING_FILTER) },
    }),
  )
}

export function awaitingPaymentsQueryOptions(storeId: string | null) {
  return queryOptions({
    queryKey: adminKeys.payments.awaiting(storeId),
    queryFn: getAwaitingPayments,
    enabled: Boolean(storeId),
  })
}

export function useAwaitingPayments() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(awaitingPaymentsQueryOptions(storeId))
}
