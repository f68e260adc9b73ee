import {
  operatorStorePageSchema,
  type OperatorStore,
  type OperatorStoreStatus,
} from '@barrio/contracts/operator'
import type { Page } from '@barrio/contracts/pagination'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { operatorKeys } from '@/api/operator/operator-keys'
import { operatorHttp } from '@/api/operator/operator-http'

export type OperatorStoreListParams = {
  q?: string
  status?: OperatorStoreStatus
  page?: number
  limit: number
}

/** GET /operator/stores?q&status&page&limit: every store of the city with its figures. */
export async function getOperatorStores(
  params: OperatorStoreListParams,
): Promise<Page<OperatorStore>> {
  // Empty filters are left out of the URL rather than sent blank.
  const sent = Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== ''),
  )
  return operatorStorePageSchema.parse(await operatorHttp.get('/stores', { params: sent }))
}

export function operatorStoresQueryOptions(params: OperatorStoreListParams) {
  return queryOptions({
    queryKey: operatorKeys.stores.list(params),
    queryFn: () => getOperatorStores(params),
    placeholderData: keepPreviousData,
  })
}

/** The stores of the city, searched and filtered, a page at a time. */
export function useOperatorStores(params: OperatorStoreListParams) {
  return useQuery(operatorStoresQueryOptions(params))
}
