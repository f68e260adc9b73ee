import type { Bus } from '../../integrations/bus.ts'

/**
 * Notifications that an order changed, for the customer's live order page (SSE), and that a store
 * got a new order, for the seller's dashboard. They travel on the bus (app.bus), so a seller
 * acting on one process reaches the customer's page held open by another.
 */
export function createOrderUpdates(bus: Bus) {
  return {
    publish(orderId: string) {
      bus.publish(`orders.changed:${orderId}`)
    },
    subscribe(orderId: string, listener: () => void) {
      return bus.subscribe(`orders.changed:${orderId}`, () => listener())
    },
    /** A new order in a store, for the seller's live dashboard. */
    publishNewOrder(storeId: string, orderId: string) {
      bus.publish(`orders.created:${storeId}`, orderId)
    },
    subscribeToStore(storeId: string, listener: (orderId: string) => void) {
      return bus.subscribe<string>(`orders.created:${storeId}`, listener)
    },
  }
}
export type OrderUpdates = ReturnType<typeof createOrderUpdates>
