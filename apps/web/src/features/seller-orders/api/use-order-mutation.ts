import { adminOrderSchema, type AdminOrder } from '@barrio/contracts/admin-orders'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { sellerOrderKeys } from '@/features/seller-orders/api/keys'
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
      queryClient.setQueryData(sellerOrderKeys.detail(storeId, order._id), order)
      void queryClient.invalidateQueries({ queryKey: sellerOrderKeys.events(storeId, order._id) })
      void queryClient.invalidateQueries({ queryKey: sellerOrderKeys.lists(storeId) })
      showToast({ message: success(order, variables), type: 'success' })
    },
    onError: (error) => {
      showErrorToast(getErrorMessage(error))
      void queryClient.invalidateQueries({ queryKey: sellerOrderKeys.all(storeId) })
    },
  })
}
