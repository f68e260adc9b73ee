import { storeAreaKeys } from '@/lib/admin-query-keys'

/** Orders of one store: lists by params, each order and the delivery steps that apply to it. */
export const sellerOrderKeys = {
  ...storeAreaKeys('orders'),
  events: (storeId: string | null, orderId: string) =>
    storeAreaKeys('orders').detail(storeId, orderId, 'fulfillment-events'),
}
