import fp from 'fastify-plugin'
import { createCollaboratorsRepository } from './collaborators.repository.ts'
import { createCollaboratorsService, type CollaboratorsService } from './collaborators.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    collaboratorsService: CollaboratorsService
  }
}

/** A store's team and its invitations (decision 029). */
export const collaboratorsPlugin = fp<{ publicUrl: string }>(
  async function collaboratorsModule(app, opts) {
    app.decorate(
      'collaboratorsService',
      createCollaboratorsService({
        db: app.db,
        repository: createCollaboratorsRepository(app.db),
        stores: app.storesService,
        users: app.usersService,
        outbox: app.outbox,
        outboxWorker: app.outboxWorker,
        publicUrl: opts.publicUrl,
        audit: app.auditService,
      }),
    )
  },
  { name: 'collaborators', dependencies: ['db', 'stores', 'users', 'notifications', 'audit'] },
)
