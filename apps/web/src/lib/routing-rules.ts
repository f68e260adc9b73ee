import type { SecondFactorState } from '@barrio/contracts/operator'

import type { AppType } from '@/lib/app-store'

/**
 * Spec section 2, routing rules, as pure functions. The route guard (app/route-guard.tsx)
 * applies `resolveRouteRedirect` to every location once the app has initialised.
 */

export type RoutingContext = {
  pathname: string
  appType: AppType
  isNative: boolean
  isLoggedIn: boolean
  /** The logged-in user still has to complete their profile. */
  needsProfile: boolean
  /** Native: a logged-out visitor who chose to browse without an account ("Explorar sin cuenta"). */
  isGuest?: boolean
  /** The session's second factor (issue 24): an operator's `enrol` or `verify` limits the app. */
  secondFactor?: SecondFactorState
}

export const UNAUTHORIZED_PATH = '/unauthorized'
export const ADMIN_HOME_PATH = '/admin/dashboard'
export const ONBOARDING_PATH = '/auth/onboarding'
export const WELCOME_PATH = '/auth/welcome'
export const HOME_PATH = '/'
export const OPERATOR_HOME_PATH = '/operator'
export const TOTP_ENROL_PATH = '/operator/security/enrol'
export const TOTP_VERIFY_PATH = '/operator/security/verify'

/** Shopping routes: they make no sense in the seller app. Shared pages (account, help...) are not listed. */
const CUSTOMER_ONLY_PREFIXES = [
  '/shops',
  '/search',
  '/checkout',
  '/orders',
  '/addresses',
  '/payment-methods',
] as const

function normalise(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] ?? '/'
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path
  return trimmed === '' ? '/' : trimmed
}

function matchesPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`)
}

/** Any path containing an /admin segment is a seller route and needs the admin app type. */
export function isSellerRoute(pathname: string): boolean {
  return /(^|\/)admin(\/|$)/.test(normalise(pathname))
}

/** The marketplace operator's area (issue 24): /operator and below. */
export function isOperatorRoute(pathname: string): boolean {
  return matchesPrefix(normalise(pathname), '/operator')
}

export function isCustomerOnlyRoute(pathname: string): boolean {
  const path = normalise(pathname)
  if (path === '/') return true
  return CUSTOMER_ONLY_PREFIXES.some((prefix) => matchesPrefix(path, prefix))
}

export function isAuthRoute(pathname: string): boolean {
  return matchesPrefix(normalise(pathname), '/auth')
}

/** Pages a logged-out native user may see: /auth*, /privacy and /terms. */
export function isPublicNativeRoute(pathname: string): boolean {
  const path = normalise(pathname)
  return isAuthRoute(path) || path === '/privacy' || path === '/terms'
}

/** Where each app starts: the home page, the seller's dashboard, or the operator's overview. */
export function appHomePath(appType: AppType): string {
  if (appType === 'operator') return OPERATOR_HOME_PATH
  return appType === 'admin' ? ADMIN_HOME_PATH : HOME_PATH
}

/**
 * A seller's switch between the apps (decision 036) is a navigation that carries the app type
 * chosen in its history state: the route guard applies the choice on arrival, before the page
 * renders, so no rule of the old app type fires on the new page and none of the new one on the
 * old page. `to` defaults to the chosen app's home.
 */
export type AppTypeSwitchState = { appType: AppType }

export function appTypeSwitchLink(
  appType: AppType,
  to: string = appHomePath(appType),
): { to: string; state: AppTypeSwitchState } {
  return { to, state: { appType } }
}

/** The app type a location's history state asks for, if any. */
export function requestedAppType(state: unknown): AppType | null {
  if (typeof state !== 'object' || state === null) return null
  const { appType } = state as Record<string, unknown>
  return appType === 'admin' || appType === 'customer' ? appType : null
}

/** The path the guard refused, carried to /unauthorized in its history state. */
export function refusedPath(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null
  const { from } = state as Record<string, unknown>
  return typeof from === 'string' && from.startsWith('/') ? from : null
}

/** The app-type rules, which apply on the web and in the native app. */
export function resolveAppTypeRedirect(pathname: string, appType: AppType): string | null {
  if (isSellerRoute(pathname) && appType !== 'admin') return UNAUTHORIZED_PATH
  if (isOperatorRoute(pathname) && appType !== 'operator') return UNAUTHORIZED_PATH
  if (isCustomerOnlyRoute(pathname) && appType !== 'customer') return appHomePath(appType)
  return null
}

/**
 * Issue 24: a signed-in operator whose session still lacks its second factor may only enrol
 * (`enrol`) or confirm it (`verify`); every other page leads there. Null otherwise.
 */
export function secondFactorPath({
  appType,
  isLoggedIn,
  secondFactor,
}: Pick<RoutingContext, 'appType' | 'isLoggedIn' | 'secondFactor'>): string | null {
  if (!isLoggedIn || appType !== 'operator') return null
  if (secondFactor === 'enrol') return TOTP_ENROL_PATH
  if (secondFactor === 'verify') return TOTP_VERIFY_PATH
  return null
}

/** Pages the second factor leads to: after them the operator goes where they were going. */
export function isSecondFactorPath(pathname: string): boolean {
  const path = normalise(pathname)
  return path === TOTP_ENROL_PATH || path === TOTP_VERIFY_PATH
}

/** The native-only rules. Returns null in a browser. */
export function resolveNativeRedirect({
  pathname,
  isNative,
  isLoggedIn,
  needsProfile,
  isGuest = false,
}: RoutingContext): string | null {
  if (!isNative) return null
  const path = normalise(pathname)
  if (isLoggedIn) {
    if (needsProfile) return path === ONBOARDING_PATH ? null : ONBOARDING_PATH
    return isPublicNativeRoute(path) ? HOME_PATH : null
  }
  return isPublicNativeRoute(path) || isGuest ? null : WELCOME_PATH
}

/**
 * Where the app must go instead of `pathname`, or null to stay. Native rules come first; the
 * rules are re-applied to the target so one redirect lands on an allowed page
 * (e.g. a native seller opening /auth/welcome ends on /admin/dashboard).
 */
export function resolveRouteRedirect(context: RoutingContext): string | null {
  const start = normalise(context.pathname)
  // The second factor comes before every other rule: the session can reach nothing else.
  const secondFactor = secondFactorPath(context)
  if (secondFactor) return start === secondFactor ? null : secondFactor
  let current = start
  const seen = new Set<string>([current])
  for (let step = 0; step < 5; step += 1) {
    const next =
      resolveNativeRedirect({ ...context, pathname: current }) ??
      resolveAppTypeRedirect(current, context.appType)
    if (next === null || seen.has(next)) break
    seen.add(next)
    current = next
  }
  return current === start ? null : current
}
