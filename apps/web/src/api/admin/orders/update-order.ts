import type { AdminOrder, AdminOrderUpdateInput } from '@barrio/contracts/admin-orders'

import { orderPath, parseOrder, useOrderMutation } from '@/api/admin/orders/use-order-mutation'
import { adminHttp } from '@/lib/http/admin-client'

/** PUT /admin/orders/{id}: archive, complete, cancel and/or an internal note. */
export function updateOrder(orderId: string, input: AdminOrderUpdateInput): Promise<AdminOrder> {
  return parseOrder(adminHttp.put(orderPath(orderId), input))
}

function updatedMessage(input: AdminOrderUpdateInput): string {
  if (input.status === 'archived') return 'Pedido archivado.'
  if (input.status === 'cancelled') return 'Cancelaste el pedido.'
  if (input.status === 'completed') return 'Pedido completado.'
  return 'Nota agregada.'
}

export function useUpdateOrder(storeId: string | null, orderId: string) {
  return useOrderMutation(
    storeId,
    (input: AdminOrderUpdateInput) => updateOrder(orderId, input),
    (_order, input) => updatedMessage(input),
  )
}
