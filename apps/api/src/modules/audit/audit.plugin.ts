import fp from 'fastify-plugin'
import { runWithAuditContext } from './audit-context.ts'
import { createAuditRepository } from './audit.repository.ts'
import { createAuditService, type AuditService } from './audit.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    auditService: AuditService
  }
}

/**
 * The audit log (issue 24, decision 047). Registered before the modules that record into it;
 * every request runs with its id and address at hand, which each entry keeps.
 */
export const auditPlugin = fp(
  async function audit(app) {
    app.addHook('onRequest', (request, _reply, done) =>
      runWithAuditContext({ requestId: request.id, ip: request.ip }, () => done()),
    )
    app.decorate('auditService', createAuditService({ repository: createAuditRepository(app.db) }))
  },
  { name: 'audit', dependencies: ['db'] },
)
