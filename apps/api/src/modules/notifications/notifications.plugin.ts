import fp from 'fastify-plugin'
import { createMailer } from '../../integrations/mailer.ts'
import type { PushConfig } from '../../config/env.ts'
import { createPushGateway } from '../../integrations/push.ts'
import { createOutboxRepository } from './outbox.repository.ts'
import { createOutboxService, type OutboxService } from './outbox.service.ts'
import { createOutboxWorker, type OutboxWorker } from './outbox.worker.ts'
import { createPushDevicesRepository } from './push-devices.repository.ts'
import { createPushService, type PushService } from './push.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxService
    outboxWorker: OutboxWorker
    push: PushService
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
  /** FCM / APNs settings (config/env.ts pushConfigFrom); absent platforms are logged only. */
  push?: PushConfig
}>(
  async function notifications(app, opts) {
    const repository = createOutboxRepository(app.db)
    const mailer = createMailer({ smtpUrl: opts.smtpUrl, from: opts.mailFrom })
    const pushDevices = createPushDevicesRepository(app.db)
    const gateway = createPushGateway(opts.push)
    const worker = createOutboxWorker({
      repository,
      mailer,
      push: gateway,
      onDeadToken: (token) => pushDevices.removeToken(token),
      log: app.log,
      intervalMs: opts.pollMs,
    })
    const outbox = createOutboxService(repository)
    app.decorate('outbox', outbox)
    app.decorate('outboxWorker', worker)
    app.decorate(
      'push',
      createPushService({ db: app.db, repository: pushDevices, outbox, outboxWorker: worker }),
    )
    if (opts.runWorker) app.addHook('onReady', async () => worker.start())
    app.addHook('onClose', async () => {
      await worker.stop()
      mailer.close()
      gateway.close()
    })
  },
  { name: 'notifications', dependencies: ['db'] },
)
