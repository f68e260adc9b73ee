import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'

import { http } from '@/lib/http/client'

const payResponseSchema = z.object({ checkoutUrl: z.string(), amount: z.string() })

/** POST /orders/{id}/pay: a new Mercado Pago link for an order still waiting for its payment. */
export async function payOrder(orderId: string): Promise<z.infer<typeof payResponseSchema>> {
  const response = await http.post<unknown>(`/orders/${encodeURIComponent(orderId)}/pay`)
  return payResponseSchema.parse(response.data)
}

export function usePayOrder(orderId: string) {
  return useMutation({ mutationFn: () => payOrder(orderId) })
}
