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

export type CatalogEvents = {
  /** Called by every write that changes what customers see, after its transaction committed. */
  publish(change: CatalogChange): void
  /**
   * The catalogue's caches listen here. A change published by this process reaches its listeners
   * synchronously; one published by another process arrives through the bus (Redis).
   */
  subscribe(listener: (change: CatalogChange) => void): void
}

/** The bus channel (decision 021) that carries catalogue changes between processes. */
export const CATALOG_CHANNEL = 'catalog.invalidate'

declare module 'fastify' {
  interface FastifyInstance {
    catalogEvents: CatalogEvents
  }
}

/**
 * The seam between the writes (stores, store settings, products, checkout, orders) and the nearby
 * caches of the catalogue: writers publish, the catalogue subscribes, and neither imports the
 * other. It rides on the bus: delivery to this process's listeners is synchronous, so the very
 * next request after a change never sees a cached answer from before it, and with REDIS_URL the
 * other processes drop theirs as soon as the message arrives.
 */
export const catalogEventsPlugin = fp(
  async function catalogEvents(app) {
    app.decorate('catalogEvents', {
      publish(change: CatalogChange) {
        app.bus.publish(CATALOG_CHANNEL, change)
      },
      subscribe(listener: (change: CatalogChange) => void) {
        app.bus.subscribe<CatalogChange>(CATALOG_CHANNEL, listener)
      },
    })
  },
  { name: 'catalog-events', dependencies: ['bus'] },
)
