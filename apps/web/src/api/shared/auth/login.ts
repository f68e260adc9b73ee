import type { User } from '@barrio/contracts/users'
import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'

import { getSession, parseUserBody } from '@/api/shared/auth/get-session'
import { loadSignInSchemas } from '@/api/shared/auth/load-sign-in-schemas'
import type { loginInputSchema } from '@/api/shared/auth/sign-in-schemas'
import { http } from '@/lib/http/client'
import type { MutationConfig } from '@/lib/query-client'

export type LoginInput = z.infer<typeof loginInputSchema>

/** Spec section 5: submit is enabled only when both fields are filled. */
export function canSubmitLogin(values: { userName: string; password: string }): boolean {
  return values.userName.trim() !== '' && values.password !== ''
}

/**
 * POST /auth/login {userName, password}. Resolves to the signed-in user. A body the schema refuses
 * is a 400 ApiError with field errors, as the server's would be.
 */
export async function login(input: LoginInput): Promise<User> {
  const { checkedBody, loginInputSchema } = await loadSignInSchemas()
  const response = await http.post<unknown>('/auth/login', checkedBody(loginInputSchema, input), {
    skipForbiddenHandler: true,
  })
  return parseUserBody(response.data) ?? (await getSession())
}

export function useLogin(config: MutationConfig<typeof login> = {}) {
  return useMutation({ ...config, mutationFn: login })
}
