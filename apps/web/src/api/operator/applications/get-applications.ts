import {
  operatorApplicationPageSchema,
  type MerchantApplicationStatus,
  type OperatorApplication,
} from '@barrio/contracts/operator'
import type { Page } from '@barrio/contracts/pagination'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { operatorKeys } from '@/api/operator/operator-keys'
import { operatorHttp } from '@/api/operator/operator-http'

export type OperatorApplicationListParams = {
  status: MerchantApplicationStatus
  page?: number
  limit: number
}

/** GET /operator/merchant-applications?status&page&limit. */
export async function getOperatorApplications(
  params: OperatorApplicationListParams,
): Promise<Page<OperatorApplication>> {
  return operatorApplicationPageSchema.parse(
    await operatorHttp.get('/merchant-applications', { params }),
  )
}

export function operatorApplicationsQueryOptions(params: OperatorApplicationListParams) {
  return queryOptions({
    queryKey: operatorKeys.applications.list(params),
    queryFn: () => getOperatorApplications(params),
    placeholderData: keepPreviousData,
  })
}

/** The merchant applications with one status, a page at a time. */
export function useOperatorApplications(params: OperatorApplicationListParams) {
  return useQuery(operatorApplicationsQueryOptions(params))
}
