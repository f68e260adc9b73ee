import { commissionStoreListSchema, type CommissionStore } from '@barrio/contracts/commissions'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { commissionKeys } from '@/api/operator/commissions/commission-keys'
import { operatorHttp } from '@/api/operator/operator-http'

/** GET /operator/commissions/stores?q: up to 20 stores by name or handle, with their rate. */
export async function searchCommissionStores(q: string): Promise<CommissionStore[]> {
  const params = q ? { q } : {}
  return commissionStoreListSchema.parse(await operatorHttp.get('/commissions/stores', { params }))
    .items
}

export function commissionStoresQueryOptions(q: string) {
  return queryOptions({
    queryKey: commissionKeys.stores(q),
    queryFn: () => searchCommissionStores(q),
    placeholderData: keepPreviousData,
  })
}

/** The store picker's options for what was typed (debounced by the caller). */
export function useCommissionStores(q: string) {
  return useQuery(commissionStoresQueryOptions(q))
}
