import { operatorOverviewSchema, type OperatorOverview } from '@barrio/contracts/operator-overview'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { operatorHttp } from '@/api/operator/operator-http'
import { operatorKeys } from '@/api/operator/operator-keys'

/** A range of Buenos Aires calendar days, YYYY-MM-DD, both included. */
export type OverviewRange = { from: string; to: string }

/** GET /operator/overview?from&to: the city's figures (issue 24, decision 048). */
export async function getOperatorOverview(range: OverviewRange): Promise<OperatorOverview> {
  return operatorOverviewSchema.parse(await operatorHttp.get('/overview', { params: range }))
}

export function operatorOverviewQueryOptions(range: OverviewRange | null) {
  return queryOptions({
    queryKey: operatorKeys.overview(range ?? {}),
    queryFn: () => getOperatorOverview(range!),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  })
}

/** The city's figures for a range; idle while the range is invalid (a custom range being typed). */
export function useOperatorOverview(range: OverviewRange | null) {
  return useQuery(operatorOverviewQueryOptions(range))
}
