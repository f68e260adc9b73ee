import { invoiceListSchema, type Invoice } from '@barrio/contracts/invoicing'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { ORDERS_KEY } from '@/api/customer/orders/get-orders'
import { useAppStore } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { assertOwner, getOwnerKey } from '@/lib/owner'

/** GET /orders/{id}/invoices: the order's invoice and credit notes ARCA authorized. */
export async function getOrderInvoices(orderId: string): Promise<Invoice[]> {
  assertOwner()
  const response = await http.get<unknown>(`/orders/${encodeURIComponent(orderId)}/invoices`)
  return invoiceListSchema.parse(response.data).docs
}

export function orderInvoicesQueryOptions(orderId: string, owner: string | null, enabled = true) {
  return queryOptions({
    queryKey: [...ORDERS_KEY, owner, 'detail', orderId, 'invoices'],
    queryFn: () => getOrderInvoices(orderId),
    enabled,
    // A missing invoice is no error worth a retry: the block just stays hidden.
    retry: false,
  })
}

export function useOrderInvoices(orderId: string, { enabled = true }: { enabled?: boolean } = {}) {
  const owner = useAppStore(getOwnerKey)
  return useQuery(orderInvoicesQueryOptions(orderId, owner, enabled))
}
