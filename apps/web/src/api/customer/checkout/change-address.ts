import { checkoutSummarySchema, type CheckoutSummary } from '@barrio/contracts/checkout'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { checkoutQueryKey } from '@/api/customer/checkout/get-checkout'
import { http } from '@/lib/http/client'

/**
 * PUT /checkout/{id}/address: another of the customer's addresses for this checkout. The answer is
 * the checkout priced again (delivery radius and fee); the cart stays as it is.
 */
export async function changeCheckoutAddress(
  checkoutId: string,
  shippingAddressId: string,
): Promise<CheckoutSummary> {
  const response = await http.put<unknown>(`/checkout/${encodeURIComponent(checkoutId)}/address`, {
    shippingAddressId,
  })
  return checkoutSummarySchema.parse(response.data)
}

export function useChangeCheckoutAddress(checkoutId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (shippingAddressId: string) => changeCheckoutAddress(checkoutId, shippingAddressId),
    onSuccess: async (summary) => {
      queryClient.setQueryData(checkoutQueryKey(checkoutId, 'init'), summary)
      await queryClient.invalidateQueries({ queryKey: ['checkout', checkoutId] })
    },
  })
}
