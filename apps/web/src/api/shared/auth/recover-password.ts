import { messageSchema } from '@barrio/contracts/auth'
import { queryOptions, useMutation } from '@tanstack/react-query'
import { z } from 'zod'

import { http } from '@/lib/http/client'
import type { MutationConfig } from '@/lib/query-client'

const tokenAnswerSchema = z.object({ valid: z.literal(true), email: z.string() })

/** POST /auth/verify-recover-password-token {token}: {valid: true, email}, or 404 when invalid or expired. */
export async function verifyRecoverPasswordToken(token: string): Promise<{ email: string }> {
  const response = await http.post<unknown>(
    '/auth/verify-recover-password-token',
    { token },
    { skipForbiddenHandler: true },
  )
  return { email: tokenAnswerSchema.parse(response.data).email }
}

export function recoverTokenQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['auth', 'recover-password-token', token],
    queryFn: () => verifyRecoverPasswordToken(token),
    staleTime: Infinity,
    gcTime: 0,
  })
}

/** POST /auth/change-password {token, password}: sets the new password with the e-mailed token. */
export async function changePasswordWithToken(input: {
  token: string
  password: string
}): Promise<{ message: string }> {
  const response = await http.post<unknown>('/auth/change-password', input, {
    skipForbiddenHandler: true,
  })
  const parsed = messageSchema.safeParse(response.data)
  return {
    message: parsed.success
      ? parsed.data.message
      : 'Tu contraseña se cambió. Ya podés iniciar sesión.',
  }
}

export function useChangePasswordWithToken(
  config: MutationConfig<typeof changePasswordWithToken> = {},
) {
  return useMutation({ ...config, mutationFn: changePasswordWithToken })
}
