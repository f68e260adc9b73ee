import type { User } from '@barrio/contracts/users'
import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'

import { parseUserBody } from '@/api/shared/auth/get-session'
import { http } from '@/lib/http/client'
import type { MutationConfig } from '@/lib/query-client'

/** Spec section 3: registration data. */
export const registerInputSchema = z.object({
  firstName: z.string().trim().min(1),
  lastName: z.string().trim().min(1),
  userName: z.string().trim().min(1),
  phone: z.string().trim().min(1),
  email: z.string().trim().min(1),
  password: z.string().min(1),
})
export type RegisterInput = z.infer<typeof registerInputSchema>

export type RegistrationFormValues = RegisterInput & { repeatPassword: string }

export const PASSWORD_MISMATCH_MESSAGE = 'Las contraseñas no coinciden'

export function passwordsMismatch(
  values: Pick<RegistrationFormValues, 'password' | 'repeatPassword'>,
): boolean {
  return values.repeatPassword !== '' && values.password !== values.repeatPassword
}

/** Spec section 5: every field filled and the password equal to its repeat. */
export function canSubmitRegistration(values: RegistrationFormValues): boolean {
  const required = [
    values.firstName,
    values.lastName,
    values.userName,
    values.phone,
    values.email,
    values.password,
  ]
  return required.every((value) => value.trim() !== '') && values.password === values.repeatPassword
}

/** POST /auth/register with the registration data. */
export async function register(input: RegisterInput): Promise<unknown> {
  const response = await http.post<unknown>('/auth/register', registerInputSchema.parse(input), {
    skipForbiddenHandler: true,
  })
  return response.data
}

export function useRegister(config: MutationConfig<typeof register> = {}) {
  return useMutation({ ...config, mutationFn: register })
}

/**
 * POST /auth/signup with the registration data: creates the account and, when the account may sign
 * in (an unverified e-mail may: docs/decisions/010), starts its session in the same answer.
 * Resolves to the signed-in user, or null when the answer carries none (then the user signs in).
 */
export async function signUp(input: RegisterInput): Promise<User | null> {
  const response = await http.post<unknown>('/auth/signup', registerInputSchema.parse(input), {
    skipForbiddenHandler: true,
  })
  return parseUserBody(response.data)
}

export function useSignUp(config: MutationConfig<typeof signUp> = {}) {
  return useMutation({ ...config, mutationFn: signUp })
}
