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
  outbox: Pick<OutboxService, 'enqueuePush' | 'enqueuePushes'>
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

  async function toUsers(executor: Tx, userIds: Array<string | null>, content: PushContent) {
    const ids = [...new Set(userIds.filter((id): id is string => !!id))]
    const targets = await repository.targetsOf(executor, ids)
    // Every device's message in one INSERT.
    await deps.outbox.enqueuePushes(
      executor as Executor,
      targets.map((target) => ({ ...target, ...content })),
    )
    return targets.length
  }

  return {
    /**
     * POST /push/devices: this device, of this user, now receives pushes at this token. A token
     * on another account's device (or an anonymous one) is not taken from it: moving a token
     * needs the device that holds it, with its device token, or the same account (026).
     */
    async registerDevice(ctx: RequestContext, userId: string, input: PushDeviceInput) {
      const deviceId = trustedDevice(ctx)
      const outcome = await deps.db.transaction((tx) =>
        repository.register(tx, {
          deviceId,
          userId,
          platform: input.devicePlatform,
          userAgent: ctx.userAgent?.slice(0, 500) ?? null,
          deviceInfo: ctx.deviceInfo,
          token: input.deviceToken,
        }),
      )
      if (outcome === 'held-elsewhere')
        throw new AppError('CONFLICT', 'Ese token de notificaciones es de otro dispositivo.', {
          errors: [
            {
              name: 'deviceToken',
              message:
                'Ese token de notificaciones es de otro dispositivo: cerrá sesión allí o reinstalá la app',
            },
          ],
        })
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

    /**
     * POST /push/test: a test notification to a token the caller already holds, on this proven
     * device or on one of the signed-in user's devices. It records nothing; any other token,
     * unknown or someone else's, gets the same 404 (nothing to learn about other devices).
     */
    async sendTest(
      ctx: RequestContext,
      userId: string | null,
      input: { deviceToken: string; devicePlatform: string },
    ) {
      const deviceId = trustedDevice(ctx)
      if (!(await repository.isOwnedBy(input.deviceToken, { deviceId, userId })))
        throw new AppError('NOT_FOUND', 'Este dispositivo no tiene registrado ese token.', {
          errors: [
            {
              name: 'deviceToken',
              message:
                'Este dispositivo no tiene registrado ese token: registralo primero en /push/devices',
            },
          ],
        })
      await deps.outbox.enqueuePush(deps.db, {
        token: input.deviceToken,
        platform: input.devicePlatform,
        ...pushMessages.test(),
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
