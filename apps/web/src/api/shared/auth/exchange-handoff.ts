import type { User } from '@barrio/contracts/users'

import { getSession } from '@/api/shared/auth/get-session'
import { http } from '@/lib/http/client'

/** Native external sign-in: POST /auth/handoff {handoff}, then GET /auth/session. */
export async function exchangeHandoff(handoff: string): Promise<User> {
  await http.post('/auth/handoff', { handoff }, { skipForbiddenHandler: true })
  return getSession()
}
