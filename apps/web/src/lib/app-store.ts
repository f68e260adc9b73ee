import { MOBILE_BREAKPOINT_PX } from '@barrio/contracts/constants'
import type { UserType } from '@barrio/contracts/enums'
import type { User } from '@barrio/contracts/users'
import { useSyncExternalStore } from 'react'

import { isNativePlatform } from '@/lib/native/platform'
import {
  clearUserCookie,
  readJsonStorage,
  readStorage,
  STORAGE_KEYS,
  writeJsonStorage,
  writeStorage,
  writeUserCookie,
} from '@/lib/storage'

export type AppType = UserType

/** A generic app error (spec section 8): status (default 500), message, data; may redirect when cleared. */
export type AppError = {
  statusCode: number
  message: string
  /** 'reauthorize' is raised by a 403; it is shown as a toast and cleared by the next sign-in. */
  kind: 'generic' | 'reauthorize'
  data?: unknown
  redirectTo?: string
}

export type LoginModalView = 'login' | 'registration' | 'recovery' | 'passwordless'

export type AppState = {
  isMobile: boolean
  isNative: boolean
  isLoading: boolean
  blockLoading: boolean
  appInitialized: boolean
  isLoggedIn: boolean
  nightMode: boolean
  appType: AppType
  user: User | null
  deviceId: string | null
  selectedStoreId: string | null
  selectedAddressId: string | null
  error: AppError | null
  isLoginModalOpen: boolean
  loginModalView: LoginModalView
  /** Native only: the visitor chose "Explorar sin cuenta" on /auth/welcome. */
  isGuest: boolean
}

function computeIsMobile(): boolean {
  return typeof window !== 'undefined' && window.innerWidth < MOBILE_BREAKPOINT_PX
}

export function getInitialAppState(): AppState {
  return {
    isMobile: computeIsMobile(),
    isNative: isNativePlatform(),
    // Spec section 4: loading and block-loading start on.
    isLoading: true,
    blockLoading: true,
    appInitialized: false,
    isLoggedIn: false,
    nightMode: readStorage(STORAGE_KEYS.nightMode) === 'true',
    appType: 'customer',
    user: null,
    deviceId: readStorage(STORAGE_KEYS.deviceUuid),
    selectedStoreId: readStorage(STORAGE_KEYS.selectedStore),
    selectedAddressId: readStorage(STORAGE_KEYS.selectedAddress),
    error: null,
    isLoginModalOpen: false,
    loginModalView: 'login',
    isGuest: false,
  }
}

type Listener = () => void

/** A tiny external store: the few app-wide flags of spec section 4. Server data lives in TanStack Query. */
function createAppStore(initial: AppState) {
  let state = initial
  const listeners = new Set<Listener>()
  return {
    getState: (): AppState => state,
    setState(patch: Partial<AppState> | ((current: AppState) => Partial<AppState>)): void {
      const next = typeof patch === 'function' ? patch(state) : patch
      state = { ...state, ...next }
      for (const listener of listeners) listener()
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export const appStore = createAppStore(getInitialAppState())

/** Reads a slice of the app store and re-renders when it changes. Select primitives or stable references. */
export function useAppStore<T>(selector: (state: AppState) => T): T {
  return useSyncExternalStore(
    appStore.subscribe,
    () => selector(appStore.getState()),
    () => selector(appStore.getState()),
  )
}

/** Test helper and hard reset: back to the state of a fresh page load. */
export function resetAppStore(patch: Partial<AppState> = {}): void {
  appStore.setState({ ...getInitialAppState(), ...patch })
}

// ---- app type (decision 036) -------------------------------------------------------------------

/** Everyone may use the customer app; the seller app is for accounts whose userType is admin. */
export function canUseAppType(user: Pick<User, 'userType'> | null, appType: AppType): boolean {
  return appType === 'customer' || user?.userType === 'admin'
}

function readAppTypeChoice(): { userId: string; appType: AppType } | null {
  const value = readJsonStorage(STORAGE_KEYS.appType)
  if (typeof value !== 'object' || value === null) return null
  const { userId, appType } = value as Record<string, unknown>
  if (typeof userId !== 'string' || (appType !== 'admin' && appType !== 'customer')) return null
  return { userId, appType }
}

/**
 * The app type of a signed-in user: it follows userType (spec section 4), except that a seller
 * keeps the app they last chose in this browser ("Comprar como cliente" / "Ir a mi tienda").
 */
export function appTypeFor(user: Pick<User, '_id' | 'userType'>): AppType {
  // The marketplace's operators (issue 24) use their own app.
  if (user.userType === 'operator') return 'operator'
  if (user.userType !== 'admin') return 'customer'
  const choice = readAppTypeChoice()
  return choice?.userId === user._id ? choice.appType : 'admin'
}

/**
 * A seller switches between the seller app and the customer app; the choice is kept for this
 * browser until a new sign-in. Ignored for an app type the user may not use.
 */
export function chooseAppType(appType: AppType): void {
  const { user } = appStore.getState()
  if (!user || !canUseAppType(user, appType)) return
  writeJsonStorage(STORAGE_KEYS.appType, { userId: user._id, appType })
  appStore.setState({ appType })
}

// ---- actions ---------------------------------------------------------------------------------

/**
 * Applies a signed-in user (spec section 4): login flag on, app type from userType (a seller's
 * choice of the customer app is kept, see appTypeFor). A new sign-in — a user set while nobody
 * was signed in, or another account — forgets that choice; `restored` marks the session found at
 * start, which keeps it. `persist` writes the readable `user` cookie so the next start can use it.
 */
export function setUser(
  user: User,
  { persist = false, restored = false }: { persist?: boolean; restored?: boolean } = {},
): void {
  const previous = appStore.getState()
  const signIn = !restored && (!previous.isLoggedIn || previous.user?._id !== user._id)
  // A customer (again) has no choice to keep: becoming a seller later starts in the seller app.
  if (signIn || user.userType !== 'admin') writeStorage(STORAGE_KEYS.appType, null)
  appStore.setState((current) => ({
    user,
    isLoggedIn: true,
    appType: appTypeFor(user),
    error: current.error?.kind === 'reauthorize' ? null : current.error,
  }))
  if (persist) writeUserCookie(user)
}

/**
 * Clears the user, the login flag, the selected store and the seller's app choice, returns to the
 * customer type, clears the cookie.
 */
export function wipeSession(): void {
  writeStorage(STORAGE_KEYS.selectedStore, null)
  writeStorage(STORAGE_KEYS.appType, null)
  clearUserCookie()
  appStore.setState({ user: null, isLoggedIn: false, selectedStoreId: null, appType: 'customer' })
}

/**
 * Keeps the device id and, when the server issued it, its token (both in storage). A device id
 * without its token still names the anonymous cart and addresses, but the server moves them to
 * the account on sign-in only with the token.
 */
export function setDeviceId(deviceId: string, token: string | null = null): void {
  writeStorage(STORAGE_KEYS.deviceUuid, deviceId)
  writeStorage(STORAGE_KEYS.deviceToken, token)
  appStore.setState({ deviceId })
}

export function setSelectedStoreId(storeId: string | null): void {
  writeStorage(STORAGE_KEYS.selectedStore, storeId)
  appStore.setState({ selectedStoreId: storeId })
}

export function setSelectedAddressId(addressId: string | null): void {
  writeStorage(STORAGE_KEYS.selectedAddress, addressId)
  appStore.setState({ selectedAddressId: addressId })
}

export function setNightMode(nightMode: boolean): void {
  writeStorage(STORAGE_KEYS.nightMode, nightMode ? 'true' : 'false')
  appStore.setState({ nightMode })
}

export function toggleNightMode(): void {
  setNightMode(!appStore.getState().nightMode)
}

export function setLoading(isLoading: boolean, { block = false }: { block?: boolean } = {}): void {
  appStore.setState({ isLoading, blockLoading: block && isLoading })
}

let pendingLoads = 0
let pendingBlockingLoads = 0

/** Raises the loading overlay while `work` runs; several calls may overlap. */
export async function withLoading<T>(
  work: Promise<T> | (() => Promise<T>),
  { block = false } = {},
): Promise<T> {
  pendingLoads += 1
  if (block) pendingBlockingLoads += 1
  appStore.setState({ isLoading: true, blockLoading: pendingBlockingLoads > 0 })
  try {
    return await (typeof work === 'function' ? work() : work)
  } finally {
    pendingLoads -= 1
    if (block) pendingBlockingLoads -= 1
    appStore.setState({ isLoading: pendingLoads > 0, blockLoading: pendingBlockingLoads > 0 })
  }
}

export function setAppError(
  error: Omit<AppError, 'statusCode' | 'kind'> & Partial<Pick<AppError, 'statusCode' | 'kind'>>,
): void {
  appStore.setState({ error: { statusCode: 500, kind: 'generic', ...error } })
}

/** Clears the error and returns where the app should go next, if anywhere. */
export function clearAppError(): string | undefined {
  const redirectTo = appStore.getState().error?.redirectTo
  appStore.setState({ error: null })
  return redirectTo
}

export function openLoginModal(view: LoginModalView = 'login'): void {
  appStore.setState({ isLoginModalOpen: true, loginModalView: view })
}

export function closeLoginModal(): void {
  appStore.setState({ isLoginModalOpen: false, loginModalView: 'login' })
}

export function toggleLoginModal(): void {
  if (appStore.getState().isLoginModalOpen) closeLoginModal()
  else openLoginModal()
}

export function setLoginModalView(view: LoginModalView): void {
  appStore.setState({ loginModalView: view })
}

/** Native "Explorar sin cuenta": a logged-out visitor may browse instead of staying on /auth/welcome. */
export function browseAsGuest(): void {
  appStore.setState({ isGuest: true })
}

/** Keeps isMobile in sync with the window width. Returns the unsubscribe function. */
export function watchViewport(): () => void {
  const onResize = () => {
    const isMobile = computeIsMobile()
    if (isMobile !== appStore.getState().isMobile) appStore.setState({ isMobile })
  }
  window.addEventListener('resize', onResize)
  return () => window.removeEventListener('resize', onResize)
}

/** Display name used by the welcome toasts. */
export function getUserDisplayName(user: Pick<User, 'firstName' | 'userName' | 'email'>): string {
  return user.firstName?.trim() || user.userName?.trim() || user.email
}
