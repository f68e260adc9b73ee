import type { ProfileUpdateInput } from '@barrio/contracts/auth'
import { userSchema, type User } from '@barrio/contracts/users'
import { useMutation } from '@tanstack/react-query'

import { http } from '@/lib/http/client'
import type { MutationConfig } from '@/lib/query-client'

/** PUT /account/{userId} {firstName, lastName, userName, phone}: completes onboarding too. */
export async function updateProfile({
  userId,
  data,
}: {
  userId: string
  data: ProfileUpdateInput
}): Promise<User> {
  const response = await http.put<unknown>(`/account/${encodeURIComponent(userId)}`, data)
  return userSchema.parse(response.data)
}

export function useUpdateProfile(config: MutationConfig<typeof updateProfile> = {}) {
  return useMutation({ ...config, mutationFn: updateProfile })
}
