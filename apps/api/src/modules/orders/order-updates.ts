import { EventEmitter } from 'node:events'

/**
 * In-process notifications that an order changed, for the customer's live order page (SSE), and
 * that a store got a new order, for the seller's dashboard.
 * One process today; several processes would relay these through Redis pub/sub.
 */
export function createOrderUpdates() {
  const emitter = new EventEmitter()
  emitter.setMaxListeners(10_000)
  return {
    publish(orderId: string) {
      emitter.emit(orderId)
    },
    subscribe(orderId: string, listener: () => void) {
      emitter.on(orderId, listener)
      return () => emitter.off(orderId, listener)
    },
    /** A new order in a store, for the seller's live dashboard. */
    publishNewOrder(storeId: string, orderId: string) {
      emitter.emit(`store:${storeId}`, orderId)
    },
    subscribeToStore(storeId: string, listener: (orderId: string) => void) {
      emitter.on(`store:${storeId}`, listener)
      return () => emitter.off(`store:${storeId}`, listener)
    },
  }
}
export type OrderUpdates = ReturnType<typeof createOrderUpdates>
