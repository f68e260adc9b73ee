import type { PushConfig } from '../config/env.ts'
import { createApnsClient, type ApnsClient } from './apns.ts'
import { createFcmClient, type FcmClient } from './fcm.ts'
import { PushRejectedError } from './push-errors.ts'

export { PushRejectedError, PushTokenGoneError } from './push-errors.ts'

/** One notification to one device token, as the outbox row `push` carries it. */
export type PushMessage = {
  token: string
  platform: string
  title: string
  body: string
  /** String values only (FCM's `data` map); orders carry `{ orderId, url }`. */
  data?: Record<string, string>
}

export type PushGateway = {
  /** Whether a real provider is configured for the platform (else the worker only logs). */
  handles(platform: string): boolean
  /** Resolves when the provider accepted; throws PushTokenGoneError, PushRejectedError or else. */
  send(message: PushMessage): Promise<void>
  close(): void
}

/**
 * Push notifications: FCM HTTP v1 for Android, APNs over HTTP/2 for iOS, each enabled by its
 * settings (config/env.ts `pushConfigFrom`). A platform without a provider is logged only, so the
 * demo runs offline.
 */
export function createPushGateway(
  config: PushConfig = { fcm: null, apns: null },
  options: { timeoutMs?: number } = {},
): PushGateway {
  const fcm: FcmClient | null = config.fcm ? createFcmClient({ ...config.fcm, ...options }) : null
  const apns: ApnsClient | null = config.apns
    ? createApnsClient({ ...config.apns, ...options })
    : null
  return {
    handles: (platform) => (platform === 'android' ? !!fcm : platform === 'ios' ? !!apns : false),
    async send(message) {
      if (message.platform === 'android' && fcm) return fcm.send(message)
      if (message.platform === 'ios' && apns) return apns.send(message)
      throw new PushRejectedError(`no push provider for platform ${message.platform}`)
    },
    close() {
      apns?.close()
    },
  }
}
