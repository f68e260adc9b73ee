import { confirmResponseSchema } from '@barrio/contracts/orders'
import type { z } from 'zod'
import { useMutation } from '@tanstack/react-query'

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

export function useConfirmCheckout(checkoutId: string) {
  return useMutation({ mutationFn: () => confirmCheckout(checkoutId) })
}
