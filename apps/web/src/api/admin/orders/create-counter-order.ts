import type { CounterOrderInput } from '@barrio/contracts/admin-counter-orders'
import { adminOrderSchema, type AdminOrder } from '@barrio/contracts/admin-orders'
import { HEADERS } from '@barrio/contracts/constants'
import { useMutation, useQueryClient } from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

export type CreateCounterOrderVariables = { input: CounterOrderInput; idempotencyKey: string }

/**
 * POST /admin/orders: answers the new order as GET /admin/orders/{id} does. The form's
 * Idempotency-Key goes with it: sending the same order again with that key (a retry after a lost
 * answer, a second click) answers the order already made instead of making another.
 */
export async function createCounterOrder({
  input,
  idempotencyKey,
}: CreateCounterOrderVariables): Promise<AdminOrder> {
  return adminOrderSchema.parse(
    await adminHttp.post('/orders', input, {
      headers: { [HEADERS.idempotencyKey]: idempotencyKey },
    }),
  )
}

/**
 * The new order becomes the cached detail; the order lists, the customers (their totals), the
 * stock and any running quote refresh.
 */
export function useCreateCounterOrder() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createCounterOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(adminKeys.orders.detail(storeId, order._id), order)
      void queryClient.invalidateQueries({ queryKey: adminKeys.orders.lists(storeId) })
      void queryClient.invalidateQueries({ queryKey: adminKeys.customers.all(storeId) })
      void queryClient.invalidateQueries({ queryKey: adminKeys.inventory.all(storeId) })
      void queryClient.invalidateQueries({ queryKey: adminKeys.counterOrderQuote.all(storeId) })
    },
  })
}
