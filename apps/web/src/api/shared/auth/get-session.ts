import type { User } from '@barrio/contracts/users'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { takeEarlySession } from '@/api/shared/auth/early-session'
import { http } from '@/lib/http/client'

function isUser(value: unknown): value is User {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<User>)._id === 'string' &&
    typeof (value as Partial<User>).email === 'string'
  )
}

/**
 * Accepts the user either as the body itself or wrapped as `{ user }` (spec section 7). Our API
 * answers through its response schema, so the shape is trusted, not re-parsed (decision 020).
 */
export function parseUserBody(body: unknown): User | null {
  if (isUser(body)) return body
  if (typeof body === 'object' && body !== null && 'user' in body && isUser(body.user))
    return body.user
  return null
}

/** GET /auth/session: the signed-in user, or an ApiError (401 when there is no session). */
export async function getSession(): Promise<User> {
  const response = await http.get<unknown>('/auth/session')
  const user = parseUserBody(response.data)
  if (!user) throw new Error('La sesión recibida no tiene el formato esperado.')
  return user
}

function isNoSession(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'user' in body && body.user === null
}

/**
 * The session check of app start (spec section 4): the signed-in user, or null when the server
 * says there is no session (`GET /auth/session?optional=true` answers a visitor `{ user: null }`
 * in a 200 instead of a 401). Takes index.html's early answer when there is one. Other failures
 * (network, a dead session's 403, a malformed body) throw as getSession does.
 */
export async function checkSession(): Promise<User | null> {
  const early = await takeEarlySession()
  const body =
    early !== null && early !== undefined
      ? early
      : (await http.get<unknown>('/auth/session', { params: { optional: 'true' } })).data
  if (isNoSession(body)) return null
  const user = parseUserBody(body)
  if (!user) throw new Error('La sesión recibida no tiene el formato esperado.')
  return user
}

export function getSessionQueryOptions() {
  return queryOptions({ queryKey: ['auth', 'session'], queryFn: getSession })
}

export function useSession() {
  return useQuery(getSessionQueryOptions())
}
