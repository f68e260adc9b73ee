import { messageSchema, verifyEmailResponseSchema } from '@barrio/contracts/auth'
import { queryOptions, useMutation } from '@tanstack/react-query'

import { http } from '@/lib/http/client'

/**
 * POST /auth/verify-email {token}: uses the link of the verification e-mail. 200 {message, email};
 * 404 when the link expired or was used (docs/decisions/010-unverified-accounts.md).
 */
export async function verifyEmail(token: string): Promise<{ message: string; email: string }> {
  const response = await http.post<unknown>(
    '/auth/verify-email',
    { token },
    { skipForbiddenHandler: true },
  )
  return verifyEmailResponseSchema.parse(response.data)
}

/**
 * The link is single-use: the answer is kept for the page's life and never refetched (a second
 * call would answer "already used").
 */
export function verifyEmailQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['auth', 'verify-email', token],
    queryFn: () => verifyEmail(token),
    staleTime: Infinity,
    gcTime: 5 * 60 * 1000,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })
}

/** POST /auth/verify-email/resend: a new link to the signed-in user's e-mail. */
export async function resendVerificationEmail(): Promise<string> {
  const response = await http.post<unknown>('/auth/verify-email/resend', {})
  return messageSchema.parse(response.data).message
}

export function useResendVerificationEmail() {
  return useMutation({ mutationFn: resendVerificationEmail })
}
