import { totpEnrolmentSchema, type TotpEnrolment } from '@barrio/contracts/operator'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { totpEnrolmentKey } from '@/api/operator/operator-keys'
import { http } from '@/lib/http/client'

/** POST /auth/totp/enrol: a new secret (QR and manual key), active only once verified. */
export async function enrolTotp(): Promise<TotpEnrolment> {
  return totpEnrolmentSchema.parse((await http.post<unknown>('/auth/totp/enrol')).data)
}

/**
 * Asked once per visit of the enrolment page: each call makes a new secret, so it is never
 * refetched behind the operator's back (a QR already scanned would stop matching).
 */
export function totpEnrolmentQueryOptions() {
  return queryOptions({
    queryKey: totpEnrolmentKey,
    queryFn: enrolTotp,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })
}

export function useTotpEnrolment() {
  return useQuery(totpEnrolmentQueryOptions())
}
