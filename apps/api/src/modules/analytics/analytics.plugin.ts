import fp from 'fastify-plugin'
import { createAnalyticsRepository } from './analytics.repository.ts'
import { createAnalyticsService, type AnalyticsService } from './analytics.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    analyticsService: AnalyticsService
  }
}

/** The seller's sales figures: read-only aggregates over the store's orders. */
export const analyticsPlugin = fp(
  async function analyticsModule(app) {
    app.decorate(
      'analyticsService',
      createAnalyticsService({ repository: createAnalyticsRepository(app.db) }),
    )
  },
  { name: 'analytics', dependencies: ['db'] },
)
