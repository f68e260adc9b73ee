import { merchantApplicationSchema, type MerchantApplicationInput } from '@barrio/contracts/auth'
import { userSchema } from '@barrio/contracts/users'
import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'

import { http } from '@/lib/http/client'

export const applyForMerchantResultSchema = z.object({
  application: merchantApplicationSchema,
  user: userSchema,
})
export type ApplyForMerchantResult = z.infer<typeof applyForMerchantResultSchema>

/** Keyed by user, so the answer survives the layout switch to the seller app (a remount). */
export function applyForMerchantMutationKey(userId: string) {
  return ['account', userId, 'apply-for-merchant'] as const
}

/**
 * POST /account/{userId}/apply_for_merchant: 201 {application: {status: approved|pending}, user}.
 * Spec section 5: applying needs a user id.
 */
export async function applyForMerchant({
  userId,
  data,
}: {
  userId: string
  data: MerchantApplicationInput
}): Promise<ApplyForMerchantResult> {
  if (!userId) throw new Error('Para postularte como vendedor tenés que iniciar sesión.')
  // A plain 403 here is EMAIL_NOT_VERIFIED, the form's answer, not a dead session (the
  // x-auth-forbidden header still signs out).
  const response = await http.post<unknown>(
    `/account/${encodeURIComponent(userId)}/apply_for_merchant`,
    data,
    { skipForbiddenHandler: true },
  )
  return applyForMerchantResultSchema.parse(response.data)
}

export function useApplyForMerchant(userId: string) {
  return useMutation({
    mutationKey: applyForMerchantMutationKey(userId),
    mutationFn: (data: MerchantApplicationInput) => applyForMerchant({ userId, data }),
  })
}
