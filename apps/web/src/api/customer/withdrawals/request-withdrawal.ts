import {
  withdrawalReceiptSchema,
  type WithdrawalReceipt,
  type WithdrawalRequestInput,
} from '@barrio/contracts/withdrawals'
import { useMutation } from '@tanstack/react-query'

import { http } from '@/lib/http/client'

/**
 * POST /withdrawals: the botón de arrepentimiento (issue 27). No sign-in: the order number and
 * the e-mail of the purchase identify it; the answer carries the revocation code, also e-mailed.
 */
export async function requestWithdrawal(input: WithdrawalRequestInput): Promise<WithdrawalReceipt> {
  const response = await http.post<unknown>('/withdrawals', input)
  return withdrawalReceiptSchema.parse(response.data)
}

export function useRequestWithdrawal() {
  return useMutation({ mutationFn: requestWithdrawal })
}
