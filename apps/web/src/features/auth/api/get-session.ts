import { userSchema, type User } from '@barrio/contracts/users'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { http } from '@/lib/http/client'

/** Accepts the user either as the body itself or wrapped as `{ user }`. */
export function parseUserBody(body: unknown): User | null {
  const direct = userSchema.safeParse(body)
  if (direct.success) return direct.data
  if (typeof body === 'object' && body !== null && 'user' in body) {
    const wrapped = userSchema.safeParse(body.user)
    if (wrapped.success) return wrapped.data
  }
  return null
}

/** GET /auth/session: the signed-in user, or an ApiError (401 when there is no session). */
export async function getSession(): Promise<User> {
  const response = await http.get<unknown>('/auth/session')
  const user = parseUserBody(response.data)
  if (!user) throw new Error('La sesión recibida no tiene el formato esperado.')
  return user
}

export function getSessionQueryOptions() {
  return queryOptions({ queryKey: ['auth', 'session'], queryFn: getSession })
}

export function useSession() {
  return useQuery(getSessionQueryOptions())
}
