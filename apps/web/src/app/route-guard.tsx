import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'

import { useAppStore } from '@/lib/app-store'
import { resolveRouteRedirect } from '@/lib/routing-rules'

/** Applies the routing rules of spec section 2 to every location (see lib/routing-rules.ts). */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { pathname, key } = useLocation()
  const appType = useAppStore((s) => s.appType)
  const isNative = useAppStore((s) => s.isNative)
  const isLoggedIn = useAppStore((s) => s.isLoggedIn)
  const needsProfile = useAppStore((s) => s.user?.needsProfile ?? false)
  const isGuest = useAppStore((s) => s.isGuest)

  const target = resolveRouteRedirect({
    pathname,
    appType,
    isNative,
    isLoggedIn,
    needsProfile,
    isGuest,
  })
  // Keyed by location so a redirect fires again if another navigation lands here meanwhile.
  if (target) return <Navigate key={key} to={target} replace />
  return children
}
