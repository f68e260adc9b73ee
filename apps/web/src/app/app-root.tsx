import { Button } from '@mantine/core'
import { startTransition, useDeferredValue, useEffect, useRef, useState } from 'react'
import { Outlet, useLocation, useNavigate } from 'react-router'

import { useAppShellHandoff } from '@/app/app-shell'
import { PageScroll } from '@/app/page-scroll'
import { RouteGuard } from '@/app/route-guard'
import { RouteFocus } from '@/components/a11y/route-focus'
import { ERROR_MSG_PARAM } from '@/app/start-app'
import { ErrorPage } from '@/components/errors/error-page'
import { DefaultLayout } from '@/components/layouts/default-layout'
import { LoadingOverlay } from '@/components/loading-overlay'
import { CartButton } from '@/features/cart/components/cart-button'
import { clearAppError, useAppStore } from '@/lib/app-store'
import { lazyOnOpen } from '@/lib/lazy-on-open'

const LoginModal = lazyOnOpen(() =>
  import('@/features/auth/components/login-modal').then((m) => m.LoginModal),
)

function withoutErrorMsg(search: string): string {
  const params = new URLSearchParams(search)
  if (!params.has(ERROR_MSG_PARAM)) return search
  params.delete(ERROR_MSG_PARAM)
  const rest = params.toString()
  return rest ? `?${rest}` : ''
}

/**
 * The root shell (spec section 2): the global overlay always, the router view once the app has
 * initialised (behind the route guard), the login modal, and the app error page when one is raised.
 */
export function AppRoot() {
  const appInitialized = useAppStore((s) => s.appInitialized)
  const error = useAppStore((s) => s.error)
  // The store's flag is read through useSyncExternalStore, whose updates React renders in one
  // synchronous task; deferred, the login modal's render (opened on every visitor's start, spec
  // section 4) runs as a transition that React slices between frames (issue 29, blocking time).
  const isLoginModalOpen = useDeferredValue(useAppStore((s) => s.isLoginModalOpen))
  const navigate = useNavigate()
  const location = useLocation()
  const renavigationStarted = useRef(false)
  const [hasRenavigated, setHasRenavigated] = useState(false)

  // Spec section 2: after start-up, re-navigate to the current full path, replacing the entry.
  // The routes (and their guard) render only once that is done, so the two cannot race.
  useEffect(() => {
    if (!appInitialized || renavigationStarted.current) return
    renavigationStarted.current = true
    void Promise.resolve(
      navigate(
        {
          pathname: location.pathname,
          search: withoutErrorMsg(location.search),
          hash: location.hash,
        },
        { replace: true },
      ),
    ).finally(() =>
      // The first page's render is the largest of the start: as a transition React renders it in
      // slices and lets the browser breathe between them (issue 10, total blocking time).
      startTransition(() => setHasRenavigated(true)),
    )
  }, [appInitialized, location.hash, location.pathname, location.search, navigate])

  const isReady = appInitialized && hasRenavigated
  // index.html's static shell stays until the first page (or the error page) is on screen.
  useAppShellHandoff(isReady)

  const genericError = error && error.kind === 'generic' ? error : null

  return (
    <>
      <LoadingOverlay />
      {isReady ? <RouteFocus /> : null}
      {isReady ? <PageScroll /> : null}
      {isReady && genericError ? (
        <DefaultLayout headerCart={<CartButton />}>
          <ErrorPage
            statusCode={genericError.statusCode}
            message={genericError.message}
            actions={
              <Button
                onClick={() => {
                  const redirectTo = clearAppError()
                  if (redirectTo) void navigate(redirectTo)
                }}
              >
                Continuar
              </Button>
            }
          />
        </DefaultLayout>
      ) : null}
      {isReady && !genericError ? (
        <RouteGuard>
          <Outlet />
        </RouteGuard>
      ) : null}
      {isReady ? <LoginModal open={isLoginModalOpen} opened={isLoginModalOpen} /> : null}
    </>
  )
}
