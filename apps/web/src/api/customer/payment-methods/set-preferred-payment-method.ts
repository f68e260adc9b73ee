import type { PaymentMethod } from '@barrio/contracts/enums'
import { customerPaymentMethodsSchema } from '@barrio/contracts/orders'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import {
  getPaymentMethodsQueryOptions,
  PAYMENT_METHODS_KEY,
  type CustomerPaymentMethods,
} from '@/api/customer/payment-methods/get-payment-methods'
import { useAppStore } from '@/lib/app-store'
import { http } from '@/lib/http/client'

/** PUT /payment-methods/preferred {method|null} (signed-in customers). */
export async function setPreferredPaymentMethod(
  method: PaymentMethod | null,
): Promise<CustomerPaymentMethods> {
  const response = await http.put<unknown>('/payment-methods/preferred', { method })
  return customerPaymentMethodsSchema.parse(response.data)
}

export function useSetPreferredPaymentMethod() {
  const queryClient = useQueryClient()
  const userId = useAppStore((s) => s.user?._id ?? null)
  return useMutation({
    mutationFn: setPreferredPaymentMethod,
    onSuccess: async (data) => {
      queryClient.setQueryData(getPaymentMethodsQueryOptions(userId).queryKey, data)
      // The checkout's preselection reads the same resource.
      await queryClient.invalidateQueries({ queryKey: PAYMENT_METHODS_KEY, refetchType: 'none' })
    },
  })
}
