import type { AdminOrder, AdminRefundInput } from '@barrio/contracts/admin-orders'
import { HEADERS } from '@barrio/contracts/constants'

import { orderPath, parseOrder, useOrderMutation } from '@/api/admin/orders/use-order-mutation'
import { formatMoney } from '@/lib/format'
import { adminHttp } from '@/lib/http/admin-client'

/**
 * POST /admin/orders/{id}/refund: some lines (`items`, `restock`), an `amount` in centavos, or
 * with no input everything not yet refunded (the spec's empty body). The refund attempt's
 * Idempotency-Key goes with it: sending it again (a retry after a lost answer, a second click)
 * answers the order as the first send left it instead of refunding twice.
 */
export function refundOrder(
  orderId: string,
  input: AdminRefundInput | undefined,
  idempotencyKey: string,
): Promise<AdminOrder> {
  return parseOrder(
    adminHttp.post(`${orderPath(orderId)}/refund`, input, {
      headers: { [HEADERS.idempotencyKey]: idempotencyKey },
    }),
  )
}

export type RefundVariables = { input: AdminRefundInput | undefined; idempotencyKey: string }

export function useRefundOrder(storeId: string | null, orderId: string) {
  return useOrderMutation(
    storeId,
    ({ input, idempotencyKey }: RefundVariables) => refundOrder(orderId, input, idempotencyKey),
    (order) =>
      order.paymentStatus === 'refunded'
        ? 'Reembolso registrado: el pedido quedó reembolsado por completo.'
        : `Reembolso registrado: ${formatMoney(order.refundedAmount)} de ${formatMoney(order.total)}.`,
  )
}
