import {
  adminOrderSchema,
  type AdminOrder,
  type AdminOrderUpdateInput,
  type FulfillmentEvent,
} from '@barrio/contracts/admin-orders'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { sellerOrderKeys } from '@/features/seller-orders/api/get-admin-orders'
import { adminHttp } from '@/lib/http/admin-client'
import { getErrorMessage } from '@/lib/http/api-error'
import { showErrorToast, showToast } from '@/lib/toast'

const base = (orderId: string) => `/orders/${encodeURIComponent(orderId)}`
const parse = async (request: Promise<unknown>) => adminOrderSchema.parse(await request)

/** POST /admin/orders/{id}/mark-as-paid (empty body): cash or transfer received. */
export function markOrderAsPaid(orderId: string): Promise<AdminOrder> {
  return parse(adminHttp.post(`${base(orderId)}/mark-as-paid`))
}

/** POST /admin/orders/{id}/cancel-unpaid (empty body): the payment never came; stock goes back. */
export function cancelUnpaidOrder(orderId: string): Promise<AdminOrder> {
  return parse(adminHttp.post(`${base(orderId)}/cancel-unpaid`))
}

/** The question before "Cancelar pedido impago", the same on the list and on the order. */
export function cancelUnpaidQuestion(order: { number: number; total: number }) {
  return {
    message: `¿Cancelar el pedido #${order.number} porque no se pagó?`,
    smallText:
      'El pedido queda cancelado, el stock vuelve a estar a la venta y le avisamos al cliente en su pedido.',
  }
}

/** POST /admin/orders/{id}/refund (empty body). */
export function refundOrder(orderId: string): Promise<AdminOrder> {
  return parse(adminHttp.post(`${base(orderId)}/refund`))
}

/** POST /admin/orders/{id}/fulfill (optional body): starts preparing the order. */
export function fulfillOrder(orderId: string, note?: string): Promise<AdminOrder> {
  return parse(adminHttp.post(`${base(orderId)}/fulfill`, note ? { note } : undefined))
}

/** POST /admin/orders/{id}/fulfillment-event {newEvent}. */
export function applyFulfillmentEvent(orderId: string, newEvent: FulfillmentEvent) {
  return parse(adminHttp.post(`${base(orderId)}/fulfillment-event`, { newEvent }))
}

/** POST /admin/orders/{id}/fulfillment/{fid}/cancel {reason} (the server defaults the reason). */
export function cancelFulfillment(orderId: string, fulfillmentId: string, reason: string) {
  const trimmed = reason.trim()
  return parse(
    adminHttp.post(
      `${base(orderId)}/fulfillment/${encodeURIComponent(fulfillmentId)}/cancel`,
      trimmed ? { reason: trimmed } : {},
    ),
  )
}

/** PUT /admin/orders/{id}: archive, complete, cancel and/or an internal note. */
export function updateOrder(orderId: string, input: AdminOrderUpdateInput): Promise<AdminOrder> {
  return parse(adminHttp.put(base(orderId), input))
}

export type OrderAction = {
  run: () => Promise<AdminOrder>
  /** Toast after it worked. */
  success: string
}

/**
 * Runs one seller action on the order: the answer replaces the cached order, the list and the
 * applicable events are refreshed, and a toast says how it went.
 */
export function useOrderAction(storeId: string | null, orderId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (action: OrderAction) => action.run(),
    onSuccess: (order, action) => {
      queryClient.setQueryData(sellerOrderKeys.detail(storeId, orderId), order)
      void queryClient.invalidateQueries({ queryKey: sellerOrderKeys.events(storeId, orderId) })
      void queryClient.invalidateQueries({
        queryKey: [...sellerOrderKeys.all(storeId), 'list'],
      })
      showToast({ message: action.success, type: 'success' })
    },
    onError: (error) => {
      showErrorToast(getErrorMessage(error))
      // The order may have changed meanwhile (another device, the payment webhook): refresh it
      // wherever it is shown, its page and the list rows.
      void queryClient.invalidateQueries({ queryKey: sellerOrderKeys.detail(storeId, orderId) })
      void queryClient.invalidateQueries({ queryKey: [...sellerOrderKeys.all(storeId), 'list'] })
    },
  })
}
