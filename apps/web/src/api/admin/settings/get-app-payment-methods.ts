import { appPaymentMethodSchema } from '@barrio/contracts/admin-settings'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'

import { adminHttp } from '@/lib/http/admin-client'

export type AppPaymentMethod = z.infer<typeof appPaymentMethodSchema>

/** Not tied to a store: what Barrio offers. */
export const appPaymentMethodsKey = ['admin', 'app-resources', 'payment-methods'] as const

/** GET /admin/app_resources/payment_methods: the nine methods and whether Barrio offers each. */
export async function getAppPaymentMethods(): Promise<AppPaymentMethod[]> {
  return z
    .array(appPaymentMethodSchema)
    .parse(await adminHttp.get('/app_resources/payment_methods'))
}

export function appPaymentMethodsQueryOptions() {
  return queryOptions({
    queryKey: appPaymentMethodsKey,
    queryFn: getAppPaymentMethods,
    staleTime: 30 * 60_000,
  })
}

export function useAppPaymentMethods() {
  return useQuery(appPaymentMethodsQueryOptions())
}
