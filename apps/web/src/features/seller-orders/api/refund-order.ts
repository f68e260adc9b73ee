import type { AdminOrder, AdminRefundInput } from '@barrio/contracts/admin-orders'

import {
  orderPath,
  parseOrder,
  useOrderMutation,
} from '@/features/seller-orders/api/use-order-mutation'
import { formatMoney } from '@/lib/format'
import { adminHttp } from '@/lib/http/admin-client'

/**
 * POST /admin/orders/{id}/refund: some lines (`items`, `restock`), an `amount` in centavos, or
 * with no input everything not yet refunded (the spec's empty body).
 */
export function refundOrder(orderId: string, input?: AdminRefundInput): Promise<AdminOrder> {
  return parseOrder(adminHttp.post(`${orderPath(orderId)}/refund`, input))
}

export function useRefundOrder(storeId: string | null, orderId: string) {
  return useOrderMutation(
    storeId,
    (input: AdminRefundInput | undefined) => refundOrder(orderId, input),
    (order) =>
      order.paymentStatus === 'refunded'
        ? 'Reembolso registrado: el pedido quedó reembolsado por completo.'
        : `Reembolso registrado: ${formatMoney(order.refundedAmount)} de ${formatMoney(order.total)}.`,
  )
}
