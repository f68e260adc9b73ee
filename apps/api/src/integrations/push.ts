export type PushMessage = { token: string; platform: string; title: string; body: string }

export type PushGateway = { mode: 'gateway' | 'log'; send(message: PushMessage): Promise<void> }

/**
 * Push notifications. No gateway is configured in this build (FCM/APNs credentials would go
 * here), so messages are logged by the outbox worker and kept in the outbox table.
 */
export function createPushGateway(): PushGateway {
  return { mode: 'log', async send() {} }
}
