import { NATIVE_STATUS_BAR_COLOR } from '@barrio/contracts/constants'

/**
 * The shell around the web view, set up once at start inside the app (never in a browser; this
 * module is only imported dynamically on native): the dark green status bar that does not overlay
 * the page (spec section 9), the splash screen, and the Android back button.
 */

export type BackButtonContext = {
  /** True on the app's home pages, where the back button leaves the app. */
  isAtHome: () => boolean
}

/** Home pages: back from here closes the app instead of walking the history. */
export const NATIVE_HOME_PATHS: readonly string[] = ['/', '/admin/dashboard', '/auth/welcome']

export async function setUpStatusBar(): Promise<void> {
  try {
    const { StatusBar, Style } = await import('@capacitor/status-bar')
    await StatusBar.setOverlaysWebView({ overlay: false })
    // Style.Dark = light text, for the dark green background.
    await StatusBar.setStyle({ style: Style.Dark })
    await StatusBar.setBackgroundColor({ color: NATIVE_STATUS_BAR_COLOR })
  } catch {
    // Without the plugin the system's bar stays; the page still respects the safe-area insets.
  }
}

export async function hideSplashScreen(): Promise<void> {
  try {
    const { SplashScreen } = await import('@capacitor/splash-screen')
    await SplashScreen.hide({ fadeOutDuration: 200 })
  } catch {
    // The splash hides itself if the plugin is missing.
  }
}

/**
 * Android back button: back through the history, and out of the app from a home page (or when
 * there is no history left). Returns a function that removes the listener.
 */
export async function listenForBackButton({ isAtHome }: BackButtonContext): Promise<() => void> {
  try {
    const { App } = await import('@capacitor/app')
    const handle = await App.addListener('backButton', ({ canGoBack }) => {
      if (!canGoBack || isAtHome()) void App.exitApp()
      else window.history.back()
    })
    return () => {
      void handle.remove()
    }
  } catch {
    return () => {}
  }
}

/**
 * Marks the document as the native app (CSS may use `html[data-native]`), and gives index.html's
 * status-bar strip its colour: on Android 16 the page is drawn under the status bar, whose own
 * colour can no longer be set (capacitor.config.ts, SystemBars).
 */
export function markNativeDocument(platform: string): void {
  document.documentElement.dataset.native = platform
  document.documentElement.style.setProperty('--native-status-bar-color', NATIVE_STATUS_BAR_COLOR)
}
