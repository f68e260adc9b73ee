import {
  totpVerifyResultSchema,
  type TotpVerifyInput,
  type TotpVerifyResult,
} from '@barrio/contracts/operator'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { totpEnrolmentKey } from '@/api/operator/operator-keys'
import { appStore, setUser } from '@/lib/app-store'
import { http } from '@/lib/http/client'

/**
 * POST /auth/totp/verify {code}: a code from the app or a recovery code completes the session.
 * A wrong code is a 400 (`INVALID_OTP`, the message under `code`); too many, a 429.
 */
export async function verifyTotp(input: TotpVerifyInput): Promise<TotpVerifyResult> {
  return totpVerifyResultSchema.parse((await http.post<unknown>('/auth/totp/verify', input)).data)
}

/** Verifies a code; on success the signed-in user's session is complete (saved in the cookie). */
export function useVerifyTotp() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: verifyTotp,
    onSuccess: (result) => {
      const { user } = appStore.getState()
      if (user) setUser({ ...user, secondFactor: result.secondFactor }, { persist: true })
      queryClient.removeQueries({ queryKey: totpEnrolmentKey })
    },
  })
}
