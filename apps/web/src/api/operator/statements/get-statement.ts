import {
  statementSchema,
  type OperatorStatementQuery,
  type Statement,
} from '@barrio/contracts/commissions'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { commissionKeys } from '@/api/operator/commissions/commission-keys'
import { operatorHttp } from '@/api/operator/operator-http'

/** GET /operator/statements?storeId&month: a store's Buenos Aires month. */
export async function getOperatorStatement(query: OperatorStatementQuery): Promise<Statement> {
  return statementSchema.parse(await operatorHttp.get('/statements', { params: query }))
}

export function operatorStatementQueryOptions(query: OperatorStatementQuery | null) {
  return queryOptions({
    queryKey: commissionKeys.statement(query?.storeId ?? '', query?.month ?? ''),
    queryFn: () => getOperatorStatement(query!),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  })
}

/** The statement of the picked store and month; idle until both are picked. */
export function useOperatorStatement(query: OperatorStatementQuery | null) {
  return useQuery(operatorStatementQueryOptions(query))
}
