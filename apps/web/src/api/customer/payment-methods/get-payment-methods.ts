import { customerPaymentMethodsSchema } from '@barrio/contracts/orders'
import type { z } from 'zod'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { useAppStore } from '@/lib/app-store'
import { http } from '@/lib/http/client'

export type CustomerPaymentMethods = z.infer<typeof customerPaymentMethodsSchema>

export const PAYMENT_METHODS_KEY = ['payment-methods'] as const

/** GET /payment-methods: what customers can pay with on Barrio, and their preferred method. */
export async function getPaymentMethods(): Promise<CustomerPaymentMethods> {
  const response = await http.get<unknown>('/payment-methods')
  return customerPaymentMethodsSchema.parse(response.data)
}

export function getPaymentMethodsQueryOptions(userId: string | null) {
  return queryOptions({
    // The preferred method is the signed-in customer's: the key follows the user.
    queryKey: [...PAYMENT_METHODS_KEY, userId],
    queryFn: getPaymentMethods,
  })
}

export function usePaymentMethods() {
  const userId = useAppStore((s) => s.user?._id ?? null)
  return useQuery(getPaymentMethodsQueryOptions(userId))
}
