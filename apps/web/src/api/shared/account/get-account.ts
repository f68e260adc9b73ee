import { userSchema, type User } from '@barrio/contracts/users'
import { queryOptions } from '@tanstack/react-query'

import { http } from '@/lib/http/client'

/** GET /account/{userId}: the signed-in user's own profile. */
export async function getAccount(userId: string): Promise<User> {
  const response = await http.get<unknown>(`/account/${encodeURIComponent(userId)}`)
  return userSchema.parse(response.data)
}

export function accountQueryKey(userId: string) {
  return ['account', userId] as const
}

export function accountQueryOptions(userId: string) {
  return queryOptions({ queryKey: accountQueryKey(userId), queryFn: () => getAccount(userId) })
}
