import fp from 'fastify-plugin'

/**
 * A change that alters what customers browsing near a point see (docs/decisions/024).
 * - `store` with `geometry: true`: the store's place, serving radius, delivery types or status
 *   changed (or it was created or removed), so which points it serves may have changed.
 * - `store` with `geometry: false`: what its card shows changed (open/closed, name, logo…).
 * - `products`: a product of the store was published, archived, edited, or its price or stock moved.
 */
export type CatalogChange =
  { kind: 'store'; storeId: string; geometry: boolean } | { kind: 'products'; storeId: string }

/**
 * How changes reach other processes. The default is none (one process); a cross-process channel
 * (Redis pub/sub, LISTEN/NOTIFY) sends what this process publishes and delivers what others
 * published by calling `receive`.
 */
export type CatalogChangeTransport = {
  send(change: CatalogChange): void
  start(receive: (change: CatalogChange) => void): void
}

export type CatalogEvents = {
  /** Called by every write that changes what customers see, after its transaction committed. */
  publish(change: CatalogChange): void
  /** The catalogue's caches listen here. Listeners run synchronously, in this process. */
  subscribe(listener: (change: CatalogChange) => void): void
  /** Plugs a cross-process channel in (the multi-process deployment, issue 11). */
  useTransport(transport: CatalogChangeTransport): void
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogEvents: CatalogEvents
  }
}

/**
 * The seam between the writes (stores, store settings, products, checkout, orders) and the nearby
 * caches of the catalogue: writers publish, the catalogue subscribes, and neither imports the
 * other. Delivery to this process's listeners is synchronous, so the very next request after a
 * change never sees a cached answer from before it.
 */
export const catalogEventsPlugin = fp(
  async function catalogEvents(app) {
    const listeners: Array<(change: CatalogChange) => void> = []
    let transport: CatalogChangeTransport | null = null
    const deliver = (change: CatalogChange) => {
      for (const listener of listeners) {
        try {
          listener(change)
        } catch (err) {
          app.log.warn({ err }, 'catalog change listener failed')
        }
      }
    }
    app.decorate('catalogEvents', {
      publish(change: CatalogChange) {
        deliver(change)
        transport?.send(change)
      },
      subscribe(listener: (change: CatalogChange) => void) {
        listeners.push(listener)
      },
      useTransport(next: CatalogChangeTransport) {
        transport = next
        next.start(deliver)
      },
    })
  },
  { name: 'catalog-events' },
)
