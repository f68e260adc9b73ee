import fp from 'fastify-plugin'
import { createAccountsRepository } from './accounts.repository.ts'
import { createAccountsService, type AccountsService } from './accounts.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    accountsService: AccountsService
  }
}

export const accountsPlugin = fp<{ approval: 'auto' | 'manual' }>(
  async function accounts(app, { approval }) {
    app.decorate(
      'accountsService',
      createAccountsService({
        db: app.db,
        users: app.usersService,
        accounts: createAccountsRepository(app.db),
        authService: app.authService,
        outbox: app.outbox,
        outboxWorker: app.outboxWorker,
        approval,
        stores: () => app.storesService,
        geo: () => app.geoService,
        catalogEvents: app.catalogEvents,
        audit: app.auditService,
      }),
    )
  },
  { name: 'accounts', dependencies: ['auth', 'users', 'audit'] },
)
