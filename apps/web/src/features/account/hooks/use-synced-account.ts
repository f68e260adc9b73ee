import type { User } from '@barrio/contracts/users'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'

import { accountQueryOptions } from '@/api/shared/account/get-account'
import { setUser } from '@/lib/app-store'

/**
 * GET /account/{id}, fetched each time the account page opens and when the window regains focus,
 * and copied into the session (store and user cookie) when the role or the e-mail verification
 * changed: an operator's approval makes the account a seller without a new sign-in.
 */
export function useSyncedAccount(user: User) {
  const query = useQuery({
    ...accountQueryOptions(user._id),
    refetchOnMount: 'always',
    refetchOnWindowFocus: true,
  })
  const fresh = query.data
  useEffect(() => {
    if (!fresh) return
    if (
      fresh.userType !== user.userType ||
      fresh.emailVerified !== user.emailVerified ||
      fresh.merchantApproved !== user.merchantApproved
    )
      setUser(fresh, { persist: true })
  }, [fresh, user.userType, user.emailVerified, user.merchantApproved])
  return query
}
