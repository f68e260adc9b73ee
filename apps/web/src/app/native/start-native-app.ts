import { registerPushDevice } from '@/api/shared/push/register-push-device'
import { unregisterPushDevice } from '@/api/shared/push/unregister-push-device'
import { appStore } from '@/lib/app-store'
import { navigateTo } from '@/lib/navigation'
import { setNativePushHooks } from '@/lib/native/push-hooks'
import { createPushClient, type PushPlatform } from '@/lib/native/push-notifications'
import {
  hideSplashScreen,
  listenForBackButton,
  markNativeDocument,
  NATIVE_HOME_PATHS,
  setUpStatusBar,
} from '@/lib/native/shell'

/**
 * Everything the Android/iOS shell adds to the web app (docs/native.md). main.tsx imports this
 * module dynamically and only when `isNativePlatform()`, so no Capacitor code reaches a
 * browser's first page (decision 028). Sign-in by deep link is started by main.tsx as well
 * (listenForNativeSignIn), device headers by startApp.
 */
export function startNativeApp(platform: PushPlatform): void {
  markNativeDocument(platform)
  void setUpStatusBar()
  void listenForBackButton({
    isAtHome: () => NATIVE_HOME_PATHS.includes(window.location.pathname),
  })

  const push = createPushClient({
    platform,
    server: { register: registerPushDevice, unregister: unregisterPushDevice },
    currentUserId: () => appStore.getState().user?._id ?? null,
    isSeller: () => appStore.getState().appType === 'admin',
    onOpen: (path) => navigateTo(path),
  })
  setNativePushHooks({
    askPermission: () => push.askPermission(),
    unregister: () => push.unregister(),
  })
  // Listeners now, so a notification tapped to open the app is not missed.
  push.start().catch((error: unknown) => {
    console.error('No se pudieron preparar las notificaciones.', error)
  })

  // Once started: hide the splash; whenever an account signs in, a phone that already allowed
  // pushes registers again (a new token, or the same one for another account, is sent).
  let splashHidden = false
  let userId: string | null = null
  const follow = () => {
    const state = appStore.getState()
    if (state.appInitialized && !splashHidden) {
      splashHidden = true
      void hideSplashScreen()
    }
    const current = state.user?._id ?? null
    if (current && current !== userId) {
      push.registerIfAllowed().catch((error: unknown) => {
        console.error('No se pudo registrar el dispositivo para notificaciones.', error)
      })
    }
    userId = current
  }
  appStore.subscribe(follow)
  follow()
}
