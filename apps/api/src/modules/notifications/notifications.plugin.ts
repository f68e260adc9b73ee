import fp from 'fastify-plugin'
import { createMailer } from '../../integrations/mailer.ts'
import { createPushGateway } from '../../integrations/push.ts'
import { createOutboxRepository } from './outbox.repository.ts'
import { createOutboxService, type OutboxService } from './outbox.service.ts'
import { createOutboxWorker, type OutboxWorker } from './outbox.worker.ts'

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxService
    outboxWorker: OutboxWorker
  }
}

/**
 * The outbox and its worker. The worker polls in the background and is kicked after enqueues; on
 * close it finishes the message under way and releases the rest of its claims.
 */
export const notificationsPlugin = fp<{
  smtpUrl: string | undefined
  mailFrom: string
  runWorker: boolean
  pollMs?: number
}>(
  async function notifications(app, opts) {
    const repository = createOutboxRepository(app.db)
    const mailer = createMailer({ smtpUrl: opts.smtpUrl, from: opts.mailFrom })
    const worker = createOutboxWorker({
      repository,
      mailer,
      push: createPushGateway(),
      log: app.log,
      intervalMs: opts.pollMs,
    })
    app.decorate('outbox', createOutboxService(repository))
    app.decorate('outboxWorker', worker)
    if (opts.runWorker) app.addHook('onReady', async () => worker.start())
    app.addHook('onClose', async () => {
      await worker.stop()
      mailer.close()
    })
  },
  { name: 'notifications', dependencies: ['db'] },
)
