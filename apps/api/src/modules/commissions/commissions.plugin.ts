import fp from 'fastify-plugin'
import { createCommissionsRepository } from './commissions.repository.ts'
import { createCommissionsService, type CommissionsService } from './commissions.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    commissionsService: CommissionsService
  }
}

/**
 * The platform's commission (issue 24, decision 045): rates, the rate each order records at
 * placement (the orders module asks `rateFor`), monthly statements.
 */
export const commissionsPlugin = fp(
  async function commissionsModule(app) {
    app.decorate(
      'commissionsService',
      createCommissionsService({
        db: app.db,
        repository: createCommissionsRepository(app.db),
        audit: app.auditService,
      }),
    )
  },
  { name: 'commissions', dependencies: ['db', 'audit'] },
)
