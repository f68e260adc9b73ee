import { useMutation } from '@tanstack/react-query'
import { payOrderResponseSchema, type PayOrderResponse } from '@barrio/contracts/orders'

import { http } from '@/lib/http/client'

/** POST /orders/{id}/pay: a new Mercado Pago link for an order still waiting for its payment. */
export async function payOrder(orderId: string): Promise<PayOrderResponse> {
  const response = await http.post<unknown>(`/orders/${encodeURIComponent(orderId)}/pay`)
  return payOrderResponseSchema.parse(response.data)
}

export function usePayOrder(orderId: string) {
  return useMutation({ mutationFn: () => payOrder(orderId) })
}
