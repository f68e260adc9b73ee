import { useMutation } from '@tanstack/react-query'

import { http } from '@/lib/http/client'
import type { MutationConfig } from '@/lib/query-client'

/** POST /auth/logout {}. */
export async function logout(): Promise<void> {
  await http.post('/auth/logout', {})
}

export function useLogout(config: MutationConfig<typeof logout> = {}) {
  return useMutation({ ...config, mutationFn: logout })
}
