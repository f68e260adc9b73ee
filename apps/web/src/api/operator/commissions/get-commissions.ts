import { commissionSettingsSchema, type CommissionSettings } from '@barrio/contracts/commissions'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { commissionKeys } from '@/api/operator/commissions/commission-keys'
import { operatorHttp } from '@/api/operator/operator-http'

/** GET /operator/commissions: the default, per-category and per-store rates (basis points). */
export async function getCommissions(): Promise<CommissionSettings> {
  return commissionSettingsSchema.parse(await operatorHttp.get('/commissions'))
}

export function commissionsQueryOptions() {
  return queryOptions({ queryKey: commissionKeys.settings(), queryFn: getCommissions })
}

export function useCommissions() {
  return useQuery(commissionsQueryOptions())
}
