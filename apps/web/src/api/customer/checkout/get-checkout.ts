import { checkoutSummarySchema, type CheckoutSummary } from '@barrio/contracts/checkout'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { http } from '@/lib/http/client'

export type CheckoutView = 'init' | 'review'

export const checkoutQueryKey = (checkoutId: string, view: CheckoutView) =>
  ['checkout', checkoutId, view] as const

/** GET /checkout/{id}/init or /review: the live summary (prices, options, blockers). */
export async function getCheckout(
  checkoutId: string,
  view: CheckoutView,
): Promise<CheckoutSummary> {
  const response = await http.get<unknown>(`/checkout/${encodeURIComponent(checkoutId)}/${view}`)
  return checkoutSummarySchema.parse(response.data)
}

export function getCheckoutQueryOptions(checkoutId: string, view: CheckoutView) {
  return queryOptions({
    queryKey: checkoutQueryKey(checkoutId, view),
    queryFn: () => getCheckout(checkoutId, view),
    // Stock, prices and the shop's hours change: always show the server's latest answer.
    staleTime: 0,
  })
}

export function useCheckout(checkoutId: string, view: CheckoutView) {
  return useQuery(getCheckoutQueryOptions(checkoutId, view))
}
