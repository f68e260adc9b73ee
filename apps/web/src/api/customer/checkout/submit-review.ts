import { checkoutRefSchema, type CheckoutRef, type ReviewInput } from '@barrio/contracts/checkout'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { http } from '@/lib/http/client'

/** POST /checkout/{id}/review: contact, delivery type, payment method and note. */
export async function submitReview(checkoutId: string, input: ReviewInput): Promise<CheckoutRef> {
  const response = await http.post<unknown>(
    `/checkout/${encodeURIComponent(checkoutId)}/review`,
    input,
  )
  return checkoutRefSchema.parse(response.data)
}

export function useSubmitReview(checkoutId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ReviewInput) => submitReview(checkoutId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['checkout', checkoutId] }),
  })
}
