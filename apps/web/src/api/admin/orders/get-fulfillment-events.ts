import {
  adminFulfillmentEventsSchema,
  type AdminFulfillmentEvents,
} from '@barrio/contracts/admin-orders'
import { queryOptions, useQuery } from '@tanstack/react-query'

import { adminKeys } from '@/api/query-keys'
import { adminHttp } from '@/lib/http/admin-client'

/** GET /admin/orders/{id}/fulfillment-events: the delivery steps that apply now. */
export async function getFulfillmentEvents(orderId: string): Promise<AdminFulfillmentEvents> {
  return adminFulfillmentEventsSchema.parse(
    await adminHttp.get(`/orders/${encodeURIComponent(orderId)}/fulfillment-events`),
  )
}

export function fulfillmentEventsQueryOptions(storeId: string | null, orderId: string) {
  return queryOptions({
    queryKey: adminKeys.orders.events(storeId, orderId),
    queryFn: () => getFulfillmentEvents(orderId),
    enabled: Boolean(storeId),
  })
}

export function useFulfillmentEvents(storeId: string | null, orderId: string) {
  return useQuery(fulfillmentEventsQueryOptions(storeId, orderId))
}
