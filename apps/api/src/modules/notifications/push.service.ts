import type { PushDeviceInput } from '@barrio/contracts/push'
import type { Db, Tx } from '../../db/client.ts'
import { AppError } from '../../lib/errors.ts'
import type { RequestContext } from '../../plugins/request-context.ts'
import type { Executor } from './outbox.repository.ts'
import type { OutboxService } from './outbox.service.ts'
import type { OutboxWorker } from './outbox.worker.ts'
import type { PushDevicesRepository } from './push-devices.repository.ts'
import { pushMessages, type PushContent } from './push-messages.ts'

const fieldError = (code: 'MISSING_REQUIRED_FIELD' | 'FORBIDDEN', name: string, message: string) =>
  new AppError(code, message, { errors: [{ name, message }] })

/**
 * Push notifications (`app.push`): the device tokens the app registers, and the fan-out of one
 * notification to every device of some users as outbox rows, inside the caller's transaction.
 * Delivery (FCM, APNs, or the log) is the outbox worker's; a token the provider reports dead is
 * removed there (decision 026).
 */
export function createPushService(deps: {
  db: Db
  repository: PushDevicesRepository
  outbox: Pick<OutboxService, 'enqueuePush'>
  outboxWorker: Pick<OutboxWorker, 'drain'>
}) {
  const { repository } = deps

  /** The token is written only by the device that holds the signed token of its id (013). */
  function trustedDevice(ctx: RequestContext): string {
    if (!ctx.deviceId)
      throw fieldError('MISSING_REQUIRED_FIELD', 'x-device-id', 'Falta el id del dispositivo')
    if (!ctx.deviceTrusted)
      throw fieldError(
        'FORBIDDEN',
        'x-device-token',
        'No pudimos verificar este dispositivo. Cerrá y volvé a abrir la app.',
      )
    return ctx.deviceId
  }

  async function register(
    tx: Tx,
    ctx: RequestContext,
    userId: string | null,
    input: { deviceToken: string; devicePlatform: string },
  ) {
    await repository.register(tx, {
      deviceId: trustedDevice(ctx),
      userId,
      platform: input.devicePlatform,
      userAgent: ctx.userAgent?.slice(0, 500) ?? null,
      token: input.deviceToken,
    })
  }

  async function toUsers(executor: Tx, userIds: Array<string | null>, content: PushContent) {
    const ids = [...new Set(userIds.filter((id): id is string => !!id))]
    const targets = await repository.targetsOf(executor, ids)
    for (const target of targets)
      await deps.outbox.enqueuePush(executor as Executor, { ...target, ...content })
    return targets.length
  }

  return {
    /** POST /push/devices: this device, of this user, now receives pushes at this token. */
    async registerDevice(ctx: RequestContext, userId: string, input: PushDeviceInput) {
      trustedDevice(ctx)
      await deps.db.transaction((tx) => register(tx, ctx, userId, input))
    },

    /** DELETE /push/devices/{token}: idempotent; only the caller's device or own devices. */
    async unregisterDevice(ctx: RequestContext, userId: string | null, token: string) {
      const deviceId = ctx.deviceId && ctx.deviceTrusted ? ctx.deviceId : null
      if (!deviceId && !userId) throw new AppError('UNAUTHORIZED')
      await repository.unregister(token, { deviceId, userId })
    },

    /** Sign-out: the device stops receiving the signed-out user's pushes. */
    async forgetDevice(deviceId: string | null) {
      if (deviceId) await repository.clearDevice(deviceId)
    },

    /** POST /push/test: records the token on this device and pushes a test notification to it. */
    async sendTest(
      ctx: RequestContext,
      userId: string | null,
      input: { deviceToken: string; devicePlatform: string },
    ) {
      trustedDevice(ctx)
      await deps.db.transaction(async (tx) => {
        await register(tx, ctx, userId, input)
        await deps.outbox.enqueuePush(tx, {
          token: input.deviceToken,
          platform: input.devicePlatform,
          ...pushMessages.test(),
        })
      })
      deps.outboxWorker.drain().catch(() => {})
    },

    /**
     * Queues `content` for every device of these users, in the caller's transaction; the caller
     * kicks the worker after its commit. Returns how many pushes were queued.
     */
    toUsers,
  }
}
export type PushService = ReturnType<typeof createPushService>
