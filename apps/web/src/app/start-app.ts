import type { User } from '@barrio/contracts/users'

import { exchangeHandoff } from '@/api/shared/auth/exchange-handoff'
import { getDeviceId } from '@/api/shared/auth/get-device-id'
import { checkSession } from '@/api/shared/auth/get-session'
import { watchCartSession } from '@/features/cart/utils/cart-session'
import { watchAdminSession } from '@/features/admin-stores/utils/admin-session'
import { loadAddresses } from '@/features/addresses/api/load-addresses'
import { readSelectedPoint } from '@/features/addresses/utils/selected-point'
import { prefetchEarlyPage } from '@/api/customer/catalog/early-page'
import { prefetchHomeQueries } from '@/api/customer/catalog/home-queries'
import { prefetchEarlySearch } from '@/api/customer/search/early-search'
import { LOGIN_MODAL_DISABLED_PATHS } from '@/config/paths'
import { env } from '@/config/env'
import {
  appStore,
  appTypeFor,
  getUserDisplayName,
  openLoginModal,
  setDeviceId,
  setUser,
} from '@/lib/app-store'
import { yieldToBrowser } from '@/lib/yield-to-browser'
import { closeInAppBrowser } from '@/lib/native/browser'
import { listenForAuthCallback } from '@/lib/native/deep-links'
import { getDeviceInfo } from '@/lib/native/device'
import { isApiError } from '@/lib/http/api-error'
import { navigateTo } from '@/lib/navigation'
import { queryClient } from '@/lib/query-client'
import { isAuthRoute } from '@/lib/routing-rules'
import { readStorage, readUserCookie, STORAGE_KEYS } from '@/lib/storage'
import { showErrorToast, showToast } from '@/lib/toast'
import { createUuid } from '@/lib/uuid'

export const ERROR_MSG_PARAM = 'errorMsg'
export const NO_SESSION_MESSAGE = 'No hay una sesión activa; se continúa sin iniciar sesión.'

/**
 * The saved device uuid (with its saved token), else one from GET /auth/gen-device-id with its
 * token, else a local one without a token (anonymous data then stays on this device on sign-in).
 */
export async function initDeviceId(): Promise<string> {
  const saved = readStorage(STORAGE_KEYS.deviceUuid)
  if (saved) {
    setDeviceId(saved, readStorage(STORAGE_KEYS.deviceToken))
    return saved
  }
  try {
    const { uuid, token } = await getDeviceId()
    setDeviceId(uuid, token)
    return uuid
  } catch (error) {
    console.warn(
      'No se pudo obtener un id de dispositivo del servidor; se genera uno local.',
      error,
    )
    const uuid = createUuid()
    setDeviceId(uuid)
    return uuid
  }
}

/**
 * Spec section 4, session check: first the saved `user` cookie; if that fails, the server
 * session; if that fails too, log an error and stay logged out.
 */
export async function restoreSession(): Promise<User | null> {
  const saved = readUserCookie()
  // An operator's second factor (issue 24) is the server's to tell: their session is asked for.
  if (saved && saved.userType !== 'operator') {
    setUser(saved, { restored: true })
    return saved
  }
  try {
    const user = await checkSession()
    if (user) {
      setUser(user, { persist: true, restored: true })
      return user
    }
    // The server's "no session" answer (a 200, issue 10): the expected case of every visitor,
    // logged as one line without a stack trace, at warning level so that it is not counted as
    // a browser error (decision 020, addendum on the session check).
    console.warn(NO_SESSION_MESSAGE)
    return null
  } catch (error) {
    // A server that still answers a visitor 401: the same line, as an error.
    if (isApiError(error) && error.statusCode === 401) console.error(NO_SESSION_MESSAGE)
    else console.error('No se pudo comprobar la sesión; se continúa sin iniciar sesión.', error)
    return null
  }
}

/** The login modal opens on start for logged-out web visitors, except on the password pages. */
export function shouldOpenLoginModalOnStart(pathname: string, isNative: boolean): boolean {
  // The native app has its own sign-in flow under /auth (the route guard sends visitors there).
  if (isNative || isAuthRoute(pathname)) return false
  return !LOGIN_MODAL_DISABLED_PATHS.includes(pathname)
}

export function readErrorMsg(search: string): string | null {
  const message = new URLSearchParams(search).get(ERROR_MSG_PARAM)
  return message && message.trim() !== '' ? message : null
}

export type StartLocation = { pathname: string; search: string }

/**
 * Spec section 4, app start: loading flags on, device id, session check, flags off and
 * appInitialized on, then the welcome toast or the login modal, and the errorMsg toast.
 */
export async function startApp(
  location: StartLocation = window.location,
): Promise<{ user: User | null }> {
  appStore.setState({ isLoading: true, blockLoading: true, appInitialized: false })
  prefetchHomeFromDevice(location)
  // A shop's or a product's page that index.html has asked for already (early-page.ts).
  prefetchEarlyPage(queryClient, location.pathname)
  // The search results near the remembered point, asked for by index.html (early-search.ts).
  if (/^\/search\/?$/.test(location.pathname)) {
    const point = readSelectedPoint(appStore.getState().selectedAddressId)
    prefetchEarlySearch(queryClient, location.search, point)
  }
  // Spec section 4: setting an admin session loads the seller's stores and picks one.
  watchAdminSession(queryClient)
  let user: User | null = null
  try {
    // The session answer index.html asked for is usually here already: without this break the
    // whole start below would run in the task that evaluated the bundles.
    await yieldToBrowser()
    // Native: read the phone first, so that every request (and a new device id) describes it.
    if (appStore.getState().isNative) await getDeviceInfo()
    await initDeviceId()
    user = await restoreSession()
  } finally {
    appStore.setState({ isLoading: false, blockLoading: false, appInitialized: true })
  }

  if (user) {
    if (firstStartOfSession(user._id))
      showToast({ message: `Bienvenido de nuevo, ${getUserDisplayName(user)}!` })
  } else if (shouldOpenLoginModalOnStart(location.pathname, appStore.getState().isNative)) {
    openLoginModal('login')
  }

  const errorMsg = readErrorMsg(location.search)
  if (errorMsg) showErrorToast(errorMsg, { position: 'top' })

  // Spec section 4: a customer loads the cart and an admin closes it (followed from here on).
  watchCartSession(queryClient)

  // Spec section 4: the maps service starts, and a customer (signed in or not) loads the address
  // list, which selects the default address (else the first).
  // Without a Google key there is nothing to start, and the lookup code stays off the first page.
  if (env.GOOGLE_MAPS_KEY)
    void import('@/lib/maps/place-lookup').then((maps) => maps.initMapsService())
  if (appStore.getState().appType === 'customer') {
    await yieldToBrowser()
    await loadAddresses().catch((error: unknown) => {
      console.error('No se pudieron cargar las direcciones.', error)
    })
  }

  return { user }
}

/**
 * A customer opening the home page with an address this device remembers: the shops and products
 * near it are asked for now, beside the session check, instead of after the session and the
 * address list (two round trips less before they paint on a phone; issue 10).
 */
function prefetchHomeFromDevice({ pathname, search }: StartLocation) {
  if (pathname !== '/' || new URLSearchParams(search).has('page')) return
  const saved = readUserCookie()
  if (saved && appTypeFor(saved) !== 'customer') return
  const point = readSelectedPoint(appStore.getState().selectedAddressId)
  if (point) prefetchHomeQueries(queryClient, point)
}

/**
 * Native external sign-in: the system browser ends at the deep link, whose handoff becomes a
 * session (POST /auth/handoff, then GET /auth/session). A failed exchange is ignored silently.
 */
export function listenForNativeSignIn(): Promise<() => void> {
  return listenForAuthCallback(async (handoff) => {
    void closeInAppBrowser()
    const user = await exchangeHandoff(handoff)
    setUser(user, { persist: true })
    showToast({ message: `Bienvenido, ${getUserDisplayName(user)}!`, type: 'success' })
    navigateTo('/', { replace: true })
  })
}

const WELCOMED_KEY = 'barrio.welcomed'

/**
 * The welcome toast greets a returning user once per app start (a browser tab's session or the
 * native app's run), not on every reload or deep link opened in the same tab.
 */
function firstStartOfSession(userId: string): boolean {
  try {
    if (window.sessionStorage.getItem(WELCOMED_KEY) === userId) return false
    window.sessionStorage.setItem(WELCOMED_KEY, userId)
  } catch {
    // Without session storage every start greets, as before.
  }
  return true
}
