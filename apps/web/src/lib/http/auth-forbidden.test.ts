import { describe, expect, test, vi } from 'vitest'

import { appStore, setSelectedStoreId, setUser } from '@/lib/app-store'
import { adminHttp, NOT_ADMIN_MESSAGE } from '@/lib/http/admin-client'
import { ApiError } from '@/lib/http/api-error'
import { REAUTHORIZE_MESSAGE } from '@/lib/http/auth-forbidden'
import { http } from '@/lib/http/client'
import { registerNavigator } from '@/lib/navigation'
import { readUserCookie, STORAGE_KEYS, writeUserCookie } from '@/lib/storage'
import { getToasts } from '@/lib/toast'
import { routeAdapter } from '@/testing/fake-adapter'
import { buildUser } from '@/testing/fixtures'

function signInAdmin() {
  const admin = buildUser({ userType: 'admin' })
  setUser(admin)
  writeUserCookie(admin)
  setSelectedStoreId('store-1')
}

const forbidden = {
  status: 403,
  data: { statusCode: 403, code: 'FORBIDDEN', message: 'No tenés permiso para hacer esto.' },
}

describe('403 handling (spec section 6)', () => {
  test('a 403 wipes the session, goes home and raises a re-authorize error', async () => {
    http.defaults.adapter = routeAdapter({ 'GET /admin/orders': forbidden })
    const navigate = vi.fn()
    registerNavigator(navigate)
    signInAdmin()

    const error = await http.get('/admin/orders').catch((e: unknown) => e)

    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).statusCode).toBe(403)
    const state = appStore.getState()
    expect(state.user).toBeNull()
    expect(state.isLoggedIn).toBe(false)
    expect(state.selectedStoreId).toBeNull()
    expect(state.appType).toBe('customer')
    expect(state.error).toMatchObject({
      statusCode: 403,
      kind: 'reauthorize',
      message: REAUTHORIZE_MESSAGE,
    })
    expect(window.localStorage.getItem(STORAGE_KEYS.selectedStore)).toBeNull()
    expect(readUserCookie()).toBeNull()
    expect(navigate).toHaveBeenCalledWith('/', {})
    expect(getToasts('top').map((t) => t.message)).toContain(REAUTHORIZE_MESSAGE)
  })

  test("a role's limit in the store (ROLE_NOT_ALLOWED) is the action's error, not a dead session", async () => {
    const message =
      'Solo el dueño o un encargado pueden cambiar la configuración. (tu rol: Personal)'
    http.defaults.adapter = routeAdapter({
      'GET /admin/store_settings_logistics': {
        status: 403,
        data: { statusCode: 403, code: 'ROLE_NOT_ALLOWED', message },
      },
    })
    const navigate = vi.fn()
    registerNavigator(navigate)
    signInAdmin()

    const error = await http.get('/admin/store_settings_logistics').catch((e: unknown) => e)

    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).code).toBe('ROLE_NOT_ALLOWED')
    expect((error as ApiError).message).toBe(message)
    const state = appStore.getState()
    expect(state.isLoggedIn).toBe(true)
    expect(state.selectedStoreId).toBe('store-1')
    expect(navigate).not.toHaveBeenCalled()
  })

  test('the x-auth-forbidden header wipes the session even on another status', async () => {
    http.defaults.adapter = routeAdapter({
      'GET /cart': {
        status: 401,
        data: { statusCode: 401, code: 'UNAUTHORIZED', message: 'Tenés que iniciar sesión.' },
        headers: { 'x-auth-forbidden': '1' },
      },
    })
    registerNavigator(vi.fn())
    setUser(buildUser())

    await http.get('/cart').catch(() => undefined)

    expect(appStore.getState().isLoggedIn).toBe(false)
    expect(appStore.getState().error?.kind).toBe('reauthorize')
  })

  test('parallel 403s raise a single toast', async () => {
    http.defaults.adapter = routeAdapter({ 'GET /a': forbidden, 'GET /b': forbidden })
    registerNavigator(vi.fn())
    signInAdmin()
    await Promise.all([
      http.get('/a').catch(() => undefined),
      http.get('/b').catch(() => undefined),
    ])
    expect(getToasts('top').filter((t) => t.message === REAUTHORIZE_MESSAGE)).toHaveLength(1)
  })

  test('other errors keep the session', async () => {
    http.defaults.adapter = routeAdapter({})
    const navigate = vi.fn()
    registerNavigator(navigate)
    signInAdmin()
    await http.get('/admin/nothing').catch(() => undefined)
    expect(appStore.getState().isLoggedIn).toBe(true)
    expect(appStore.getState().error).toBeNull()
    expect(navigate).not.toHaveBeenCalled()
  })

  test('a sign-in form may opt out of the plain-403 handling', async () => {
    http.defaults.adapter = routeAdapter({ 'POST /auth/login': forbidden })
    registerNavigator(vi.fn())
    const error = await http
      .post('/auth/login', {}, { skipForbiddenHandler: true })
      .catch((e: unknown) => e)
    expect((error as ApiError).statusCode).toBe(403)
    expect(appStore.getState().error).toBeNull()
  })
})

describe('admin calls are refused on the client for non-admins (spec section 5)', () => {
  test('a customer gets a Spanish error and no request leaves', async () => {
    const adapter = routeAdapter({ 'GET /admin/stores': { status: 200, data: { docs: [] } } })
    http.defaults.adapter = adapter
    setUser(buildUser({ userType: 'customer' }))
    await expect(adminHttp.get('/stores')).rejects.toMatchObject({
      code: 'USER_NOT_ADMIN',
      message: NOT_ADMIN_MESSAGE,
    })
    await expect(adminHttp.post('/stores', {})).rejects.toBeInstanceOf(ApiError)
    expect(adapter.calls).toHaveLength(0)
  })

  test('a logged-out visitor is refused too', async () => {
    await expect(adminHttp.delete('/stores/1')).rejects.toMatchObject({
      statusCode: 403,
      code: 'USER_NOT_ADMIN',
    })
  })

  test('an admin reaches /api/v1/admin/...', async () => {
    const adapter = routeAdapter({ 'GET /admin/stores': { status: 200, data: { docs: [] } } })
    http.defaults.adapter = adapter
    setUser(buildUser({ userType: 'admin' }))
    await expect(adminHttp.get('/stores')).resolves.toEqual({ docs: [] })
    expect(adapter.calls[0]?.url).toBe('/admin/stores')
  })
})
