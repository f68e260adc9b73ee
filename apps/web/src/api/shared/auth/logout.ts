import { useMutation } from '@tanstack/react-query'

import { http } from '@/lib/http/client'
import { unregisterPushBeforeSignOut } from '@/lib/native/push-hooks'
import type { MutationConfig } from '@/lib/query-client'

/** POST /auth/logout {}; in the native app the push token is removed first (while signed in). */
export async function logout(): Promise<void> {
  await unregisterPushBeforeSignOut()
  await http.post('/auth/logout', {})
}

export function useLogout(config: MutationConfig<typeof logout> = {}) {
  return useMutation({ ...config, mutationFn: logout })
}
