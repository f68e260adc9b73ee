import { afterEach, describe, expect, test, vi } from 'vitest'

import { NO_SESSION_MESSAGE, startApp } from '@/app/start-app'
import { rememberSelectedPoint } from '@/features/addresses/utils/selected-point'
import { stopCartSession } from '@/features/cart/utils/cart-session'
import { appStore, setSelectedAddressId } from '@/lib/app-store'
import { http } from '@/lib/http/client'
import { queryClient } from '@/lib/query-client'
import { readUserCookie, STORAGE_KEYS } from '@/lib/storage'
import { clearToasts, getToasts } from '@/lib/toast'
import { expectConsoleError, expectConsoleWarn } from '@/testing/console-guard'
import { routeAdapter, type FakeReply } from '@/testing/fake-adapter'
import { pageOf } from '@/testing/discovery-fixtures'
import { buildUser } from '@/testing/fixtures'
import { buildCart } from '@/testing/ordering-fixtures'

const DEVICE_UUID = '0b7e4f52-6c8e-4a0d-9d3a-7f2b8c1e5a90'
const DEVICE_TOKEN = 'c2lnbmVkLWRldmljZS10b2tlbi1mb3ItdGVzdHM'
const unauthorized = {
  status: 401,
  data: { statusCode: 401, code: 'UNAUTHORIZED', message: 'Tenés que iniciar sesión.' },
}
// The server's answer to a visitor (issue 10): a 200 without a user, logged as a warning.
const noSession = { status: 200, data: { user: null } }
const home = { pathname: '/', search: '' }

/**
 * The start's fake server: `routes`, plus what a start also asks for (a device id, an empty
 * address list, a new empty cart; a seller's stores), so the test sees no failed load it did not
 * provoke.
 */
function startRoutes(routes: Record<string, FakeReply | (() => FakeReply)>) {
  return routeAdapter({
    'GET /auth/gen-device-id': { status: 200, data: { uuid: DEVICE_UUID, token: DEVICE_TOKEN } },
    'GET /addresses': { status: 200, data: pageOf([], { limit: 50 }) },
    'GET /cart': { status: 200, data: buildCart([]) },
    'GET /admin/stores': { status: 200, data: pageOf([], { limit: 100 }) },
    ...routes,
  })
}

function saveUserCookie(value: string) {
  document.cookie = `user=${encodeURIComponent(value)}; Path=/`
}

// The cart follows the session from startApp on; left running, the next test's reset of the app
// store (a sign-out) would reload the cart through the real network layer.
afterEach(() => {
  stopCartSession()
})

describe('app start (spec section 4)', () => {
  test('loading and block-loading start on and appInitialized starts off', () => {
    const state = appStore.getState()
    expect(state.isLoading).toBe(true)
    expect(state.blockLoading).toBe(true)
    expect(state.appInitialized).toBe(false)
  })

  test('a saved user cookie logs the user in without asking the server for a session', async () => {
    const adapter = startRoutes({
      'GET /auth/gen-device-id': { status: 200, data: { uuid: DEVICE_UUID, token: DEVICE_TOKEN } },
    })
    http.defaults.adapter = adapter
    // Old cookies carry `id` instead of `_id`.
    saveUserCookie(
      JSON.stringify({
        id: 'u_9',
        userType: 'admin',
        firstName: 'Marta',
        email: 'marta@example.com',
      }),
    )

    const { user } = await startApp(home)

    expect(user?._id).toBe('u_9')
    const state = appStore.getState()
    expect(state).toMatchObject({
      isLoggedIn: true,
      appType: 'admin',
      isLoading: false,
      blockLoading: false,
      appInitialized: true,
    })
    expect(adapter.calls.map((c) => c.url)).not.toContain('/auth/session')
    expect(getToasts('bottom').map((t) => t.message)).toContain('Bienvenido de nuevo, Marta!')
    expect(state.isLoginModalOpen).toBe(false)
    // A seller's start loads their stores (its code first): let it finish within this test, not
    // after the next test has signed the seller out.
    await vi.waitFor(() => expect(adapter.calls.map((c) => c.url)).toContain('/admin/stores'), {
      timeout: 20_000,
    })
  })

  test('without a cookie the server session is applied', async () => {
    const adapter = startRoutes({
      'GET /auth/gen-device-id': { status: 200, data: { uuid: DEVICE_UUID, token: DEVICE_TOKEN } },
      'GET /auth/session': {
        status: 200,
        data: buildUser({ firstName: 'Lucía', userType: 'customer' }),
      },
    })
    http.defaults.adapter = adapter

    await startApp(home)

    const state = appStore.getState()
    expect(state).toMatchObject({
      isLoggedIn: true,
      appType: 'customer',
      appInitialized: true,
      isLoading: false,
    })
    expect(state.user?.email).toBe('lucia@example.com')
    expect(readUserCookie()?._id).toBe('u_1')
    expect(adapter.calls.find((c) => c.url === '/auth/session')?.headers['x-device-id']).toBe(
      DEVICE_UUID,
    )
    const toast = getToasts('bottom').find((t) => t.message === 'Bienvenido de nuevo, Lucía!')
    expect(toast?.autoClose).toBe(5000)
  })

  test('an operator’s cookie is not trusted for the second factor: the server session is asked for (issue 24)', async () => {
    const adapter = startRoutes({
      'GET /auth/session': {
        status: 200,
        data: buildUser({ _id: 'u_op', userType: 'operator', secondFactor: 'verify' }),
      },
    })
    http.defaults.adapter = adapter
    saveUserCookie(JSON.stringify({ _id: 'u_op', userType: 'operator', email: 'ana@barrio.ar' }))

    await startApp({ pathname: '/operator/merchants', search: '' })

    const state = appStore.getState()
    expect(state).toMatchObject({ isLoggedIn: true, appType: 'operator' })
    expect(state.user?.secondFactor).toBe('verify')
    expect(adapter.calls.filter((c) => c.url === '/auth/session')).toHaveLength(1)
    // A session owing its second factor may only settle it: no cart nor addresses are asked for.
    expect(adapter.calls.map((c) => c.url)).not.toContain('/cart')
    expect(adapter.calls.map((c) => c.url)).not.toContain('/addresses')
  })

  test('the welcome toast greets once per app start, not on every reload of the tab', async () => {
    http.defaults.adapter = startRoutes({
      'GET /auth/gen-device-id': { status: 200, data: { uuid: DEVICE_UUID, token: DEVICE_TOKEN } },
      'GET /auth/session': { status: 200, data: buildUser({ firstName: 'Lucía' }) },
    })
    const welcomes = () =>
      getToasts('bottom').filter((t) => t.message === 'Bienvenido de nuevo, Lucía!').length

    await startApp(home)
    expect(welcomes()).toBe(1)
    clearToasts()
    await startApp(home) // a reload in the same tab
    expect(welcomes()).toBe(0)
    window.sessionStorage.clear() // a new tab or a new run of the app
    await startApp(home)
    expect(welcomes()).toBe(1)
  })

  test('an invalid cookie falls through to the server session', async () => {
    http.defaults.adapter = startRoutes({
      'GET /auth/gen-device-id': { status: 200, data: { uuid: DEVICE_UUID, token: DEVICE_TOKEN } },
      'GET /auth/session': { status: 200, data: buildUser({ _id: 'u_server' }) },
    })
    saveUserCookie('{not json')
    await startApp(home)
    expect(appStore.getState().user?._id).toBe('u_server')
  })

  test('when both fail it logs an error, stays logged out, initialises and opens the login modal', async () => {
    http.defaults.adapter = startRoutes({
      'GET /auth/gen-device-id': { status: 200, data: { uuid: DEVICE_UUID, token: DEVICE_TOKEN } },
      'GET /auth/session': unauthorized,
    })
    // The expected 401 of a visitor is one line, without the error object and its stack.
    expectConsoleError(/^No hay una sesión activa; se continúa sin iniciar sesión\.$/)

    const { user } = await startApp(home)

    expect(user).toBeNull()
    const state = appStore.getState()
    expect(state).toMatchObject({
      isLoggedIn: false,
      user: null,
      appType: 'customer',
      appInitialized: true,
      isLoading: false,
      blockLoading: false,
      isLoginModalOpen: true,
    })
    expect(getToasts('bottom')).toHaveLength(0)
  })

  test('the server’s “no session” answer (a 200) is one warning line, not an error', async () => {
    const adapter = startRoutes({
      'GET /auth/gen-device-id': { status: 200, data: { uuid: DEVICE_UUID, token: DEVICE_TOKEN } },
      'GET /auth/session': { status: 200, data: { user: null } },
    })
    http.defaults.adapter = adapter
    // Any console.error would fail the test (testing/console-guard.ts).
    const consoleError = vi.spyOn(console, 'error')
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expectConsoleWarn(NO_SESSION_MESSAGE)

    const { user } = await startApp(home)

    expect(user).toBeNull()
    expect(consoleWarn).toHaveBeenCalledWith(NO_SESSION_MESSAGE)
    expect(consoleError).not.toHaveBeenCalledWith(NO_SESSION_MESSAGE)
    expect(consoleError.mock.calls.map((call) => String(call[0]))).not.toContain(
      'No se pudo comprobar la sesión; se continúa sin iniciar sesión.',
    )
    expect(adapter.calls.find((c) => c.url === '/auth/session')?.params).toEqual({
      optional: 'true',
    })
    expect(appStore.getState()).toMatchObject({
      isLoggedIn: false,
      appInitialized: true,
      isLoginModalOpen: true,
    })
  })

  test('index.html’s early session answer is taken once instead of asking again', async () => {
    window.localStorage.setItem(STORAGE_KEYS.deviceUuid, DEVICE_UUID)
    const adapter = startRoutes({})
    http.defaults.adapter = adapter
    window.__barrioSession = Promise.resolve(buildUser({ _id: 'u_early', firstName: 'Ana' }))

    await startApp(home)

    expect(appStore.getState().user?._id).toBe('u_early')
    expect(adapter.calls.map((c) => c.url)).not.toContain('/auth/session')
    expect(window.__barrioSession).toBeUndefined()
  })

  test('a failed early session request (null) is asked again by the app', async () => {
    window.localStorage.setItem(STORAGE_KEYS.deviceUuid, DEVICE_UUID)
    const adapter = startRoutes({
      'GET /auth/session': { status: 200, data: buildUser({ _id: 'u_again' }) },
    })
    http.defaults.adapter = adapter
    window.__barrioSession = Promise.resolve(null)

    await startApp(home)

    expect(appStore.getState().user?._id).toBe('u_again')
    expect(adapter.calls.map((c) => c.url)).toContain('/auth/session')
  })

  test.each(['/account/reset-password', '/account/change-password'])(
    'the login modal stays closed on %s',
    async (pathname) => {
      http.defaults.adapter = startRoutes({ 'GET /auth/session': noSession })
      expectConsoleWarn(NO_SESSION_MESSAGE)
      await startApp({ pathname, search: '?token=abc' })
      expect(appStore.getState().isLoginModalOpen).toBe(false)
      expect(appStore.getState().appInitialized).toBe(true)
    },
  )

  test('the device id comes from the server when none is saved, and is kept', async () => {
    http.defaults.adapter = startRoutes({
      'GET /auth/gen-device-id': { status: 200, data: { uuid: DEVICE_UUID, token: DEVICE_TOKEN } },
      'GET /auth/session': noSession,
    })
    expectConsoleWarn(NO_SESSION_MESSAGE)
    await startApp(home)
    expect(appStore.getState().deviceId).toBe(DEVICE_UUID)
    expect(window.localStorage.getItem(STORAGE_KEYS.deviceUuid)).toBe(DEVICE_UUID)
    expect(window.localStorage.getItem(STORAGE_KEYS.deviceToken)).toBe(DEVICE_TOKEN)
  })

  test('the device token from the server goes with the device id on every later request', async () => {
    const adapter = startRoutes({
      'GET /auth/gen-device-id': { status: 200, data: { uuid: DEVICE_UUID, token: DEVICE_TOKEN } },
      'GET /auth/session': noSession,
    })
    http.defaults.adapter = adapter
    expectConsoleWarn(NO_SESSION_MESSAGE)
    await startApp(home)
    const later = adapter.calls.filter((c) => c.url !== '/auth/gen-device-id')
    expect(later.length).toBeGreaterThan(0)
    for (const call of later) {
      expect(call.headers['x-device-id']).toBe(DEVICE_UUID)
      expect(call.headers['x-device-token']).toBe(DEVICE_TOKEN)
    }
  })

  test('a saved device id is reused without calling the server', async () => {
    window.localStorage.setItem(STORAGE_KEYS.deviceUuid, 'saved-device')
    const adapter = startRoutes({ 'GET /auth/session': noSession })
    http.defaults.adapter = adapter
    expectConsoleWarn(NO_SESSION_MESSAGE)
    await startApp(home)
    expect(appStore.getState().deviceId).toBe('saved-device')
    expect(adapter.calls.map((c) => c.url)).not.toContain('/auth/gen-device-id')
  })

  test('if the server cannot give a device id a local uuid is generated', async () => {
    http.defaults.adapter = startRoutes({
      'GET /auth/gen-device-id': {
        status: 404,
        data: { statusCode: 404, code: 'NOT_FOUND', message: 'No encontramos lo que buscás.' },
      },
      'GET /auth/session': noSession,
    })
    expectConsoleWarn(NO_SESSION_MESSAGE)
    expectConsoleWarn(
      /^No se pudo obtener un id de dispositivo del servidor; se genera uno local\./,
    )
    await startApp(home)
    expect(appStore.getState().deviceId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
  })

  test('an errorMsg query parameter is shown as a top error toast', async () => {
    http.defaults.adapter = startRoutes({ 'GET /auth/session': noSession })
    expectConsoleWarn(NO_SESSION_MESSAGE)
    await startApp({
      pathname: '/',
      search: '?errorMsg=No%20pudimos%20iniciar%20sesi%C3%B3n%20con%20Google',
    })
    const toast = getToasts('top').find((t) => t.message === 'No pudimos iniciar sesión con Google')
    expect(toast).toBeDefined()
    expect(toast?.color).toBe('red')
  })

  test('on the home page, the shops near a remembered address are asked for before the session answers', async () => {
    window.localStorage.setItem(STORAGE_KEYS.deviceUuid, DEVICE_UUID)
    setSelectedAddressId('a_1')
    rememberSelectedPoint({
      _id: 'a_1',
      latitude: -34.5889,
      longitude: -58.4305,
      street: 'Gurruchaga',
      number: '1723',
      city: 'Palermo',
    })
    const adapter = startRoutes({ 'GET /auth/session': noSession })
    http.defaults.adapter = adapter
    expectConsoleWarn(NO_SESSION_MESSAGE)

    await startApp(home)

    const urls = adapter.calls.map((c) => c.url)
    expect(urls.indexOf('/stores')).toBeGreaterThanOrEqual(0)
    expect(urls.indexOf('/products')).toBeGreaterThanOrEqual(0)
    expect(urls.indexOf('/stores')).toBeLessThan(urls.indexOf('/auth/session'))
    // Under the very keys the home page reads (only the coordinates, not the address line).
    const keys = queryClient
      .getQueryCache()
      .findAll({ queryKey: ['products', 'nearby'] })
      .map((query) => query.queryKey)
    expect(keys).toContainEqual(['products', 'nearby', { page: 1, lat: -34.5889, lng: -58.4305 }])
    expect(JSON.stringify(keys)).not.toContain('Gurruchaga')
  })

  test('elsewhere, or without a remembered point, nothing is asked for ahead', async () => {
    window.localStorage.setItem(STORAGE_KEYS.deviceUuid, DEVICE_UUID)
    setSelectedAddressId('a_1')
    rememberSelectedPoint({
      _id: 'a_1',
      latitude: -34.5889,
      longitude: -58.4305,
      street: 'Gurruchaga',
      number: '1723',
      city: 'Palermo',
    })
    const adapter = startRoutes({ 'GET /auth/session': noSession })
    http.defaults.adapter = adapter
    expectConsoleWarn(NO_SESSION_MESSAGE)

    await startApp({ pathname: '/orders', search: '' })
    setSelectedAddressId('a_2')
    await startApp(home)

    expect(adapter.calls.map((c) => c.url)).not.toContain('/stores')
  })
})
