import { confirmConflictSchema, type CheckoutSummary } from '@barrio/contracts/checkout'
import { confirmResponseSchema } from '@barrio/contracts/orders'
import type { z } from 'zod'
import { useMutation } from '@tanstack/react-query'

import { isApiError } from '@/lib/http/api-error'
import { http } from '@/lib/http/client'

export type ConfirmResponse = z.infer<typeof confirmResponseSchema>

/**
 * POST /checkout/{id}/confirm: the order, plus where payment goes on (Mercado Pago's page) when
 * there is somewhere. Confirming twice returns the same order.
 */
export async function confirmCheckout(checkoutId: string): Promise<ConfirmResponse> {
  const response = await http.post<unknown>(`/checkout/${encodeURIComponent(checkoutId)}/confirm`)
  return confirmResponseSchema.parse(response.data)
}

/**
 * The new summary a 409 carries when the price, a fee or the taxes changed since the customer
 * reviewed the order (the server charges only what was reviewed); null for any other error.
 */
export function changedSummaryOf(error: unknown): CheckoutSummary | null {
  if (!isApiError(error) || error.statusCode !== 409) return null
  const parsed = confirmConflictSchema.safeParse(error.data)
  return parsed.success ? (parsed.data.summary ?? null) : null
}

export function useConfirmCheckout(checkoutId: string) {
  return useMutation({ mutationFn: () => confirmCheckout(checkoutId) })
}
