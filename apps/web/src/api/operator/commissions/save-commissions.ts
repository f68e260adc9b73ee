import {
  commissionSettingsSchema,
  type CommissionSettings,
  type CommissionSettingsInput,
} from '@barrio/contracts/commissions'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { commissionKeys } from '@/api/operator/commissions/commission-keys'
import { operatorHttp } from '@/api/operator/operator-http'

/**
 * PUT /operator/commissions: replaces every rate. A bad rate is a 400 under its path
 * (`defaultRateBp`, `byCategory.<category>`, `byStore.<i>.rateBp` or `.storeId`).
 */
export async function saveCommissions(input: CommissionSettingsInput): Promise<CommissionSettings> {
  return commissionSettingsSchema.parse(await operatorHttp.put('/commissions', input))
}

/** Saves the rates: the answer becomes the cached settings; store searches show new rates. */
export function useSaveCommissions() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveCommissions,
    onSuccess: (saved) => {
      queryClient.setQueryData(commissionKeys.settings(), saved)
      void queryClient.invalidateQueries({ queryKey: commissionKeys.all() })
    },
  })
}
