import { beforeEach, describe, expect, test, vi } from 'vitest'

import { createPushClient, notificationTarget } from '@/lib/native/push-notifications'
import { readStorage, STORAGE_KEYS } from '@/lib/storage'

type Listener = (event: unknown) => void

/** @capacitor/push-notifications as the shell answers it: listeners and a permission state. */
const plugin = vi.hoisted(() => {
  const listeners = new Map<string, (event: unknown) => void>()
  const state = { permission: 'prompt' as string, afterRequest: 'granted' as string }
  return {
    listeners,
    state,
    PushNotifications: {
      addListener: vi.fn(async (name: string, listener: (event: unknown) => void) => {
        listeners.set(name, listener)
        return { remove: async () => {} }
      }),
      checkPermissions: vi.fn(async () => ({ receive: state.permission })),
      requestPermissions: vi.fn(async () => {
        state.permission = state.afterRequest
        return { receive: state.permission }
      }),
      register: vi.fn(async () => {}),
      createChannel: vi.fn(async () => {}),
    },
  }
})
vi.mock('@capacitor/push-notifications', () => ({ PushNotifications: plugin.PushNotifications }))

const emit = (name: string, event: unknown) => (plugin.listeners.get(name) as Listener)(event)
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

function setUp({ userId = 'user-1' as string | null, seller = false } = {}) {
  const server = { register: vi.fn(async () => {}), unregister: vi.fn(async () => {}) }
  const onOpen = vi.fn()
  let currentUser = userId
  const client = createPushClient({
    platform: 'android',
    server,
    currentUserId: () => currentUser,
    isSeller: () => seller,
    onOpen,
  })
  return { client, server, onOpen, signIn: (id: string | null) => (currentUser = id) }
}

beforeEach(() => {
  window.localStorage.clear()
  plugin.listeners.clear()
  plugin.state.permission = 'prompt'
  plugin.state.afterRequest = 'granted'
  vi.clearAllMocks()
})

describe('where a tapped notification leads', () => {
  test('data.url as an app path, else the order of data.orderId', () => {
    expect(notificationTarget({ url: '/orders/abc?tab=1' })).toBe('/orders/abc?tab=1')
    expect(notificationTarget({ url: 'https://evil.example/admin/orders/x' })).toBe(
      '/admin/orders/x',
    )
    expect(notificationTarget({ orderId: 'o-1' })).toBe('/orders/o-1')
    expect(notificationTarget({ orderId: 'o-1' }, { seller: true })).toBe('/admin/orders/o-1')
    expect(notificationTarget({ orderId: '../../x' })).toBeNull()
    expect(notificationTarget({})).toBeNull()
    expect(notificationTarget(null)).toBeNull()
  })
})

describe('the push client', () => {
  test('asks, registers, and sends the token once per account; a new token is sent again', async () => {
    const { client, server } = setUp()
    await client.askPermission()
    expect(plugin.PushNotifications.requestPermissions).toHaveBeenCalledTimes(1)
    expect(plugin.PushNotifications.register).toHaveBeenCalledTimes(1)
    expect(plugin.PushNotifications.createChannel).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'barrio_orders' }),
    )

    emit('registration', { value: 'token-1' })
    await settle()
    emit('registration', { value: 'token-1' })
    await settle()
    expect(server.register).toHaveBeenCalledTimes(1)
    expect(server.register).toHaveBeenCalledWith({
      deviceToken: 'token-1',
      devicePlatform: 'android',
    })

    emit('registration', { value: 'token-2' })
    await settle()
    expect(server.register).toHaveBeenLastCalledWith({
      deviceToken: 'token-2',
      devicePlatform: 'android',
    })
    expect(readStorage(STORAGE_KEYS.pushToken)).toBe('token-2')
  })

  test('a refusal registers nothing, and the system is not asked twice', async () => {
    plugin.state.afterRequest = 'denied'
    const { client } = setUp()
    await client.askPermission()
    await client.askPermission()
    expect(plugin.PushNotifications.requestPermissions).toHaveBeenCalledTimes(1)
    expect(plugin.PushNotifications.register).not.toHaveBeenCalled()
  })

  test('a visitor’s token waits for an account; sign-out deletes it from the server', async () => {
    plugin.state.permission = 'granted'
    const { client, server, signIn } = setUp({ userId: null })
    await client.registerIfAllowed()
    emit('registration', { value: 'token-1' })
    await settle()
    expect(server.register).not.toHaveBeenCalled()

    signIn('user-2')
    await client.registerIfAllowed()
    emit('registration', { value: 'token-1' })
    await settle()
    expect(server.register).toHaveBeenCalledWith({
      deviceToken: 'token-1',
      devicePlatform: 'android',
    })

    await client.unregister()
    expect(server.unregister).toHaveBeenCalledWith('token-1')
    // Signed in again (another account): the same token is sent for it.
    signIn('user-3')
    emit('registration', { value: 'token-1' })
    await settle()
    expect(server.register).toHaveBeenCalledTimes(2)
  })

  test('tapping a notification opens what it is about', async () => {
    const { client, onOpen } = setUp({ seller: true })
    await client.start()
    emit('pushNotificationActionPerformed', { notification: { data: { orderId: 'o-9' } } })
    expect(onOpen).toHaveBeenCalledWith('/admin/orders/o-9')
  })
})
