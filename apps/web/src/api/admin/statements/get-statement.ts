import { statementSchema, type Statement } from '@barrio/contracts/commissions'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

/** GET /admin/statements?month: the selected store's commission statement (x-store-id). */
export async function getAdminStatement(month: string): Promise<Statement> {
  return statementSchema.parse(await adminHttp.get('/statements', { params: { month } }))
}

export function adminStatementQueryOptions(storeId: string | null, month: string) {
  return queryOptions({
    queryKey: adminKeys.payments.statement(storeId, month),
    queryFn: () => getAdminStatement(month),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  })
}

export function useAdminStatement(month: string) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(adminStatementQueryOptions(storeId, month))
}
