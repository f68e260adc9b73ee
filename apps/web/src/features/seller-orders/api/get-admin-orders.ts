import {
  adminFulfillmentEventsSchema,
  adminOrderPageSchema,
  adminOrderSchema,
  type AdminFulfillmentEvents,
  type AdminOrder,
  type AdminOrderSummary,
} from '@barrio/contracts/admin-orders'
import type { Page } from '@barrio/contracts/pagination'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'

import type { OrderListParams } from '@/features/seller-orders/utils/order-filter'
import { storeScopedKey } from '@/lib/admin-query-keys'
import { adminHttp } from '@/lib/http/admin-client'

export const sellerOrderKeys = {
  all: (storeId: string | null) => storeScopedKey(storeId, 'orders'),
  list: (storeId: string | null, params: OrderListParams) =>
    storeScopedKey(storeId, 'orders', 'list', params),
  detail: (storeId: string | null, orderId: string) =>
    storeScopedKey(storeId, 'orders', 'detail', orderId),
  events: (storeId: string | null, orderId: string) =>
    storeScopedKey(storeId, 'orders', 'detail', orderId, 'fulfillment-events'),
}

/** GET /admin/orders?page&limit&query&sort (query = JSON filter). */
export async function getAdminOrders(params: OrderListParams): Promise<Page<AdminOrderSummary>> {
  return adminOrderPageSchema.parse(await adminHttp.get('/orders', { params }))
}

export function adminOrdersQueryOptions(storeId: string | null, params: OrderListParams) {
  return queryOptions({
    queryKey: sellerOrderKeys.list(storeId, params),
    queryFn: () => getAdminOrders(params),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
  })
}

/** GET /admin/orders/{id}. */
export async function getAdminOrder(orderId: string): Promise<AdminOrder> {
  return adminOrderSchema.parse(await adminHttp.get(`/orders/${encodeURIComponent(orderId)}`))
}

export function adminOrderQueryOptions(storeId: string | null, orderId: string) {
  return queryOptions({
    queryKey: sellerOrderKeys.detail(storeId, orderId),
    queryFn: () => getAdminOrder(orderId),
    enabled: Boolean(storeId),
  })
}

/** GET /admin/orders/{id}/fulfillment-events: the delivery steps that apply now. */
export async function getFulfillmentEvents(orderId: string): Promise<AdminFulfillmentEvents> {
  return adminFulfillmentEventsSchema.parse(
    await adminHttp.get(`/orders/${encodeURIComponent(orderId)}/fulfillment-events`),
  )
}

export function fulfillmentEventsQueryOptions(storeId: string | null, orderId: string) {
  return queryOptions({
    queryKey: sellerOrderKeys.events(storeId, orderId),
    queryFn: () => getFulfillmentEvents(orderId),
    enabled: Boolean(storeId),
  })
}
