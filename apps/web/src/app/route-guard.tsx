import { useLayoutEffect, useMemo, type ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'

import { canUseAppType, chooseAppType, useAppStore } from '@/lib/app-store'
import {
  isSecondFactorPath,
  requestedAppType,
  resolveRouteRedirect,
  UNAUTHORIZED_PATH,
} from '@/lib/routing-rules'

/**
 * Applies the routing rules of spec section 2 to every location (see lib/routing-rules.ts), under
 * the app type in use. A seller's switch of app (decision 036) arrives as a navigation whose state
 * names the app chosen: it is applied here, before the page renders.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { pathname, search, key, state } = useLocation()
  const appType = useAppStore((s) => s.appType)
  const user = useAppStore((s) => s.user)
  const isNative = useAppStore((s) => s.isNative)
  const isLoggedIn = useAppStore((s) => s.isLoggedIn)
  const needsProfile = useAppStore((s) => s.user?.needsProfile ?? false)
  const isGuest = useAppStore((s) => s.isGuest)
  const secondFactor = useAppStore((s) => s.user?.secondFactor)

  const requested = requestedAppType(state)
  const switching =
    requested !== null && requested !== appType && user !== null && canUseAppType(user, requested)
  // A layout effect: the store changes before the browser paints, so nothing of the page under
  // the old app type shows.
  useLayoutEffect(() => {
    if (switching && requested) chooseAppType(requested)
  }, [switching, requested])
  // The redirect's state, the same object while the path is: <Navigate> navigates again whenever
  // its state changes, and a new object on each render of a page still loading looped until
  // React's update limit.
  const from = `${pathname}${search}`
  const fromState = useMemo(() => ({ from }), [from])
  if (switching) return null

  const target = resolveRouteRedirect({
    pathname,
    appType,
    isNative,
    isLoggedIn,
    needsProfile,
    isGuest,
    secondFactor,
  })
  // Keyed by location so a redirect fires again if another navigation lands here meanwhile.
  // /unauthorized learns the path refused, so a seller using the customer app can go back to it;
  // an operator's second factor page, where they were going (issue 24).
  const carriesFrom = target === UNAUTHORIZED_PATH || (target && isSecondFactorPath(target))
  if (target)
    return <Navigate key={key} to={target} replace state={carriesFrom ? fromState : undefined} />
  return children
}
