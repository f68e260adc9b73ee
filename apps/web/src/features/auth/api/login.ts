import type { User } from '@barrio/contracts/users'
import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'

import { getSession, parseUserBody } from '@/features/auth/api/get-session'
import { loadSignInSchemas } from '@/features/auth/api/load-sign-in-schemas'
import type { loginInputSchema } from '@/features/auth/api/sign-in-schemas'
import { http } from '@/lib/http/client'
import type { MutationConfig } from '@/lib/query-client'

export type LoginInput = z.infer<typeof loginInputSchema>

/** Spec section 5: submit is enabled only when both fields are filled. */
export function canSubmitLogin(values: { userName: string; password: string }): boolean {
  return values.userName.trim() !== '' && values.password !== ''
}

/** POST /auth/login {userName, password}. Resolves to the signed-in user. */
export async function login(input: LoginInput): Promise<User> {
  const { loginInputSchema } = await loadSignInSchemas()
  const response = await http.post<unknown>('/auth/login', loginInputSchema.parse(input), {
    skipForbiddenHandler: true,
  })
  return parseUserBody(response.data) ?? (await getSession())
}

export function useLogin(config: MutationConfig<typeof login> = {}) {
  return useMutation({ ...config, mutationFn: login })
}
