import { appStore, openLoginModal, setAppError, wipeSession } from '@/lib/app-store'
import { navigateTo } from '@/lib/navigation'
import { showErrorToast } from '@/lib/toast'

export const REAUTHORIZE_MESSAGE = 'Tu sesión ya no es válida. Iniciá sesión nuevamente.'

/**
 * Spec section 6: a 403 (or the x-auth-forbidden marker) wipes the session, goes home and raises
 * a re-authorize error. Parallel 403s raise it once.
 */
export function handleAuthForbidden(): void {
  const alreadyRaised = appStore.getState().error?.kind === 'reauthorize'
  wipeSession()
  navigateTo('/')
  if (alreadyRaised) return
  setAppError({
    statusCode: 403,
    kind: 'reauthorize',
    message: REAUTHORIZE_MESSAGE,
    redirectTo: '/',
  })
  showErrorToast(REAUTHORIZE_MESSAGE, { position: 'top' })
  // In the native shell the route guard sends logged-out users to /auth/welcome instead.
  if (!appStore.getState().isNative) openLoginModal()
}
