import { EventEmitter } from 'node:events'

/**
 * In-process notifications that an order changed, for the customer's live order page (SSE).
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
  }
}
export type OrderUpdates = ReturnType<typeof createOrderUpdates>
