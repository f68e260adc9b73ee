import type {
  AdminCustomer,
  AdminCustomerDetail,
  AdminCustomerInput,
  CustomerAddress,
  CustomerAddressInput,
} from '@barrio/contracts/admin-customers'
import type { AdminOrder } from '@barrio/contracts/admin-orders'
import type { inventoryRowSchema } from '@barrio/contracts/admin-products'
import type {
  SellerOrderInput,
  SellerOrderQuote,
  SellerOrderQuoteInput,
} from '@barrio/contracts/admin-seller-orders'
import { HEADERS } from '@barrio/contracts/constants'
import type { Page } from '@barrio/contracts/pagination'
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import type { z } from 'zod'

import { storeAreaKeys, storeScopedKey } from '@/lib/admin-query-keys'
import { useAppStore } from '@/lib/app-store'
import { adminHttp } from '@/lib/http/admin-client'

export type VariantOption = z.infer<typeof inventoryRowSchema>

/** The same keys the customers and orders pages use (one key convention: admin-query-keys). */
const customerKeys = storeAreaKeys('customers')
const orderKeys = storeAreaKeys('orders')
const newOrderKeys = {
  customerSearch: (storeId: string | null, q: string) =>
    storeScopedKey(storeId, 'new-order', 'customers', q),
  variantSearch: (storeId: string | null, q: string) =>
    storeScopedKey(storeId, 'new-order', 'variants', q),
  quote: (storeId: string | null, input: SellerOrderQuoteInput) =>
    storeScopedKey(storeId, 'new-order', 'quote', input),
}

/** GET /admin/customers?query={"search":…}: the first 8 matches (most recent buyers first). */
export async function searchCustomers(q: string): Promise<AdminCustomer[]> {
  const query = q.trim() ? JSON.stringify({ search: q.trim() }) : undefined
  const page = await adminHttp.get<Page<AdminCustomer>>('/customers', {
    params: { limit: 8, ...(query ? { query } : {}) },
  })
  return page.docs
}

export function useCustomerSearch(q: string) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery({
    queryKey: newOrderKeys.customerSearch(storeId, q.trim()),
    queryFn: () => searchCustomers(q),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  })
}

/** GET /admin/customers/{id}: the chosen customer with their delivery addresses. */
export function customerQueryOptions(storeId: string | null, id: string | null) {
  return queryOptions({
    queryKey: customerKeys.detail(storeId, id ?? ''),
    queryFn: () => adminHttp.get<AdminCustomerDetail>(`/customers/${encodeURIComponent(id ?? '')}`),
    enabled: Boolean(storeId && id),
  })
}

export function useCustomer(id: string | null) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery(customerQueryOptions(storeId, id))
}

/** POST /admin/customers: the quick-create of a phone or WhatsApp customer. */
export function useCreateCustomer() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: AdminCustomerInput) =>
      adminHttp.post<AdminCustomerDetail>('/customers', input),
    onSuccess: (saved) => {
      queryClient.setQueryData(customerKeys.detail(storeId, saved._id), saved)
      void queryClient.invalidateQueries({ queryKey: customerKeys.lists(storeId) })
    },
  })
}

/** POST /admin/customers/{id}/addresses: one more delivery address for this order. */
export function useAddCustomerAddress(customerId: string | null) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CustomerAddressInput) =>
      adminHttp.post<CustomerAddress>(
        `/customers/${encodeURIComponent(customerId ?? '')}/addresses`,
        input,
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: customerKeys.detail(storeId, customerId ?? '') }),
  })
}

/** GET /admin/inventory?q: the store's variants with price and stock (archived ones excluded). */
export function useVariantSearch(q: string) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery({
    queryKey: newOrderKeys.variantSearch(storeId, q.trim()),
    queryFn: async () =>
      (
        await adminHttp.get<Page<VariantOption>>('/inventory', {
          params: { limit: 10, ...(q.trim() ? { q: q.trim() } : {}) },
        })
      ).docs.filter((v) => v.status === 'active'),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  })
}

/** POST /admin/orders/quote: the running total, priced by the server. */
export function useOrderQuote(input: SellerOrderQuoteInput) {
  const storeId = useAppStore((s) => s.selectedStoreId)
  return useQuery({
    queryKey: newOrderKeys.quote(storeId, input),
    queryFn: () => adminHttp.post<SellerOrderQuote>('/orders/quote', input),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  })
}

/**
 * POST /admin/orders: answers the new order as GET /admin/orders/{id} does. The form's
 * Idempotency-Key goes with it: sending the same order again with that key (a retry after a lost
 * answer, a second click) answers the order already made instead of making another.
 */
export function useCreateSellerOrder() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: SellerOrderInput; idempotencyKey: string }) =>
      adminHttp.post<AdminOrder>('/orders', input, {
        headers: { [HEADERS.idempotencyKey]: idempotencyKey },
      }),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(storeId, order._id), order)
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists(storeId) })
      void queryClient.invalidateQueries({ queryKey: customerKeys.all(storeId) })
      void queryClient.invalidateQueries({ queryKey: storeScopedKey(storeId, 'inventory') })
      void queryClient.invalidateQueries({ queryKey: storeScopedKey(storeId, 'new-order') })
    },
  })
}
