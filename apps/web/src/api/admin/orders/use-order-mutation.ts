import { adminOrderSchema, type AdminOrder } from '@barrio/contracts/admin-orders'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
import { getErrorMessage } from '@/lib/http/api-error'
import { showErrorToast, showToast } from '@/lib/toast'

/** The path of one order under /admin. */
export const orderPath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}`

/** Every order action answers with the updated order. */
export const parseOrder = async (request: Promise<unknown>): Promise<AdminOrder> =>
  adminOrderSchema.parse(await request)

/**
 * What every seller action on an order shares: the answer replaces the cached order, the list
 * and the applicable events refresh, and a toast says how it went. On failure the order may have
 * changed meanwhile (another device, the payment webhook): its page and the list rows refresh.
 */
export function useOrderMutation<V>(
  storeId: string | null,
  mutationFn: (variables: V) => Promise<AdminOrder>,
  success: (order: AdminOrder, variables: V) => string,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: (order, variables) => {
      queryClient.setQueryData(adminKeys.orders.detail(storeId, order._id), order)
      void queryClient.invalidateQueries({ queryKey: adminKeys.orders.events(storeId, order._id) })
      void queryClient.invalidateQueries({ queryKey: adminKeys.orders.lists(storeId) })
      showToast({ message: success(order, variables), type: 'success' })
    },
    onError: (error) => {
      showErrorToast(getErrorMessage(error))
      void queryClient.invalidateQueries({ queryKey: adminKeys.orders.all(storeId) })
    },
  })
}
