import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage'

/**
 * Native push notifications (@capacitor/push-notifications; this module is only imported
 * dynamically inside the app). The server side is reached through `PushServer`, given by the app
 * (api/shared/push): POST /push/devices with the token, DELETE /push/devices/{token} on sign-out.
 */

export type PushPlatform = 'android' | 'ios'

export type PushServer = {
  register: (input: { deviceToken: string; devicePlatform: PushPlatform }) => Promise<void>
  unregister: (deviceToken: string) => Promise<void>
}

export type PushClientOptions = {
  platform: PushPlatform
  server: PushServer
  /** The signed-in account, or null: tokens are sent for an account only. */
  currentUserId: () => string | null
  /** A seller's order opens in the seller area. */
  isSeller: () => boolean
  /** Tapping a notification: the app path it is about (e.g. /orders/{id}). */
  onOpen: (path: string) => void
}

/** The Android channel the server's pushes name (AndroidManifest default_notification_channel_id). */
export const ORDERS_CHANNEL_ID = 'barrio_orders'

type Permission = 'prompt' | 'prompt-with-rationale' | 'granted' | 'denied'

/**
 * Where a tapped notification leads: `data.url` when it is an app path, else the order of
 * `data.orderId` (in the seller area for a seller). Anything else: nowhere.
 */
export function notificationTarget(data: unknown, { seller = false } = {}): string | null {
  if (!data || typeof data !== 'object') return null
  const { url, orderId } = data as { url?: unknown; orderId?: unknown }
  if (typeof url === 'string' && url.trim() !== '') {
    try {
      // Absolute URLs keep only their path: the app never leaves for another site from a push.
      const parsed = new URL(url, 'https://localhost')
      if (parsed.pathname.startsWith('/')) return `${parsed.pathname}${parsed.search}`
    } catch {
      // fall through to the order id
    }
  }
  if (typeof orderId === 'string' && /^[\w-]{1,64}$/.test(orderId))
    return `${seller ? '/admin' : ''}/orders/${encodeURIComponent(orderId)}`
  return null
}

export function createPushClient({
  platform,
  server,
  currentUserId,
  isSeller,
  onOpen,
}: PushClientOptions) {
  let started: Promise<void> | null = null

  // The module, never the plugin itself, crosses an `await`: a Capacitor plugin is a proxy that
  // answers every property, `then` included, so awaiting it would wait forever.
  const plugin = () => import('@capacitor/push-notifications')

  /** Sends the token unless this account already has it (a new or changed token is sent again). */
  async function sendToken(deviceToken: string): Promise<void> {
    const userId = currentUserId()
    if (!userId) {
      writeStorage(STORAGE_KEYS.pushToken, deviceToken)
      writeStorage(STORAGE_KEYS.pushTokenUser, null)
      return
    }
    const sentToken = readStorage(STORAGE_KEYS.pushToken)
    const sentUser = readStorage(STORAGE_KEYS.pushTokenUser)
    if (sentToken === deviceToken && sentUser === userId) return
    await server.register({ deviceToken, devicePlatform: platform })
    writeStorage(STORAGE_KEYS.pushToken, deviceToken)
    writeStorage(STORAGE_KEYS.pushTokenUser, userId)
  }

  /** Listeners first (the registration event may fire at once), once per app run. */
  function start(): Promise<void> {
    started ??= (async () => {
      const { PushNotifications: push } = await plugin()
      await push.addListener('registration', ({ value }) => {
        sendToken(value).catch((error: unknown) => {
          console.error('No se pudo registrar el dispositivo para notificaciones.', error)
        })
      })
      await push.addListener('registrationError', ({ error }) => {
        console.error('El sistema no registró el dispositivo para notificaciones.', error)
      })
      await push.addListener('pushNotificationActionPerformed', ({ notification }) => {
        const target = notificationTarget(notification.data, { seller: isSeller() })
        if (target) onOpen(target)
      })
      if (platform === 'android') {
        await push
          .createChannel({
            id: ORDERS_CHANNEL_ID,
            name: 'Pedidos',
            description: 'Cambios de estado de tus pedidos y pedidos nuevos de tu tienda',
            importance: 4,
            visibility: 1,
          })
          .catch(() => {})
      }
    })()
    return started
  }

  async function permission(): Promise<Permission> {
    const { PushNotifications } = await plugin()
    return (await PushNotifications.checkPermissions()).receive
  }

  /** Registers with FCM/APNs when allowed; the token arrives by the `registration` event. */
  async function register(): Promise<void> {
    await start()
    const { PushNotifications } = await plugin()
    await PushNotifications.register()
  }

  return {
    start,
    /** At start and on sign-in: a phone that already allowed pushes registers (and refreshes). */
    async registerIfAllowed(): Promise<void> {
      await start()
      if ((await permission()) === 'granted') await register()
    },
    /** The sensible moment: asks once (the system remembers a refusal), then registers. */
    async askPermission(): Promise<void> {
      await start()
      let state = await permission()
      if (state === 'prompt' || state === 'prompt-with-rationale')
        state = (await (await plugin()).PushNotifications.requestPermissions()).receive
      if (state === 'granted') await register()
    },
    /** Sign-out: the account's pushes stop on this phone. */
    async unregister(): Promise<void> {
      const deviceToken = readStorage(STORAGE_KEYS.pushToken)
      const sentUser = readStorage(STORAGE_KEYS.pushTokenUser)
      if (!deviceToken || !sentUser) return
      await server.unregister(deviceToken)
      writeStorage(STORAGE_KEYS.pushTokenUser, null)
    },
  }
}

export type PushClient = ReturnType<typeof createPushClient>
