import { checkoutRefSchema, type CheckoutRef } from '@barrio/contracts/checkout'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { http } from '@/lib/http/client'

/** PUT /checkout/{id}/review: back to editing the choices. */
export async function editCheckout(checkoutId: string): Promise<CheckoutRef> {
  const response = await http.put<unknown>(`/checkout/${encodeURIComponent(checkoutId)}/review`)
  return checkoutRefSchema.parse(response.data)
}

export function useEditCheckout(checkoutId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => editCheckout(checkoutId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['checkout', checkoutId] }),
  })
}
