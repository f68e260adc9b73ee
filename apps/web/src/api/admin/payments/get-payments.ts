import { adminPaymentPageSchema, type AdminPaymentPage } from '@barrio/contracts/admin-payments'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

/** GET /admin/payments's params; `query` is the JSON filter. */
export type PaymentListParams = { page: number; limit: number; query: string }

/** GET /admin/payments?page&limit&query (query = JSON filter). */
export async function getAdminPayments(params: PaymentListParams): Promise<AdminPaymentPage> {
  return adminPaymentPageSchema.parse(await adminHttp.get('/payments', { params }))
}

export function adminPaymentsQueryOptions(storeId: string | null, params: PaymentListParams) {
  return queryOptions({
    queryKey: adminKeys.payments.list(storeId, params),
    queryFn: () => getAdminPayments(params),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  })
}

/** The selected store's ledger for these params. */
export function useAdminPayments(params: PaymentListParams) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(adminPaymentsQueryOptions(storeId, params))
}
