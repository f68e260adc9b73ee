import fp from 'fastify-plugin'
import { createModerationRepository } from './moderation.repository.ts'
import { createModerationService, type ModerationService } from './moderation.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    moderationService: ModerationService
  }
}

/** The operator's store suspension and product moderation (issue 24, decision 044). */
export const moderationPlugin = fp(
  async function moderation(app) {
    app.decorate(
      'moderationService',
      createModerationService({
        db: app.db,
        repository: createModerationRepository(app.db),
        catalogEvents: app.catalogEvents,
        audit: app.auditService,
      }),
    )
  },
  { name: 'moderation', dependencies: ['db', 'catalog-events', 'audit'] },
)
