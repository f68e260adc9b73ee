import { messageSchema } from '@barrio/contracts/auth'
import { useMutation } from '@tanstack/react-query'

import { http } from '@/lib/http/client'
import type { MutationConfig } from '@/lib/query-client'

/** POST /account/change-password {oldPassword, newPassword}. */
export async function changeAccountPassword(input: {
  oldPassword: string
  newPassword: string
}): Promise<{ message: string }> {
  const response = await http.post<unknown>('/account/change-password', input)
  const parsed = messageSchema.safeParse(response.data)
  return { message: parsed.success ? parsed.data.message : 'Tu contraseña se cambió.' }
}

export function useChangeAccountPassword(
  config: MutationConfig<typeof changeAccountPassword> = {},
) {
  return useMutation({ ...config, mutationFn: changeAccountPassword })
}
