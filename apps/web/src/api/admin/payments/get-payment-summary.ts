import {
  adminPaymentSummarySchema,
  type AdminPaymentSummary,
} from '@barrio/contracts/admin-payments'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

type Range = { from: string; to: string }

/** GET /admin/payments/summary?from&to: approved money per method for Buenos Aires days. */
export async function getPaymentSummary(range: Range): Promise<AdminPaymentSummary> {
  return adminPaymentSummarySchema.parse(
    await adminHttp.get('/payments/summary', { params: range }),
  )
}

export function paymentSummaryQueryOptions(storeId: string | null, range: Range) {
  return queryOptions({
    queryKey: adminKeys.payments.summary(storeId, range),
    queryFn: () => getPaymentSummary(range),
    enabled: Boolean(storeId),
  })
}

export function usePaymentSummary(range: Range) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(paymentSummaryQueryOptions(storeId, range))
}
