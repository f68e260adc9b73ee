import type { AdminOrder } from '@barrio/contracts/admin-orders'

import { orderPath, parseOrder, useOrderMutation } from '@/api/admin/orders/use-order-mutation'
import { adminHttp } from '@/lib/http/admin-client'

/** POST /admin/orders/{id}/cancel-unpaid (empty body): the payment never came; stock goes back. */
export function cancelUnpaidOrder(orderId: string): Promise<AdminOrder> {
  return parseOrder(adminHttp.post(`${orderPath(orderId)}/cancel-unpaid`))
}

/** Variables: the order's id (the list cancels any of its rows with one hook). */
export function useCancelUnpaidOrder(storeId: string | null) {
  return useOrderMutation(
    storeId,
    cancelUnpaidOrder,
    (order) => `Pedido #${order.number} cancelado; el stock volvió a estar a la venta.`,
  )
}

/** The question before "Cancelar pedido impago", the same on the list and on the order. */
export function cancelUnpaidQuestion(order: { number: number; total: number }) {
  return {
    message: `¿Querés cancelar el pedido #${order.number} porque no se pagó?`,
    smallText:
      'El pedido queda cancelado, el stock vuelve a estar a la venta y le avisamos al cliente en su pedido.',
  }
}
