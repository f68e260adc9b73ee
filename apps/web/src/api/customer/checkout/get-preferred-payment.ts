import { customerPaymentMethodsSchema } from '@barrio/contracts/orders'
import type { PaymentMethod } from '@barrio/contracts/enums'
import { useQuery } from '@tanstack/react-query'

import { http } from '@/lib/http/client'

/** GET /payment-methods, only for the customer's preferred method (preselected at checkout). */
export async function getPreferredPayment(): Promise<PaymentMethod | null> {
  const response = await http.get<unknown>('/payment-methods')
  return customerPaymentMethodsSchema.parse(response.data).preferred
}

export function usePreferredPayment(userId: string | null) {
  return useQuery({
    queryKey: ['payment-methods', userId, 'preferred'],
    queryFn: getPreferredPayment,
    enabled: userId !== null,
  })
}
