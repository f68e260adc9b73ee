/**
 * The native shell (Capacitor) in one place: capacitor.config.ts configures the WebView from it and
 * the API's CORS allows exactly the origins it produces (plus PUBLIC_URL and WEB_ORIGINS).
 * iOS serves the app from `<iosScheme>://<hostname>`, Android from `<androidScheme>://<hostname>`.
 */
export const NATIVE_SHELL = {
  appId: 'ar.barrio.app',
  appName: 'Barrio',
  hostname: 'localhost',
  iosScheme: 'capacitor',
  androidScheme: 'https',
} as const

/**
 * The custom URL scheme registered by the Android and iOS projects (AndroidManifest.xml intent
 * filter, Info.plist CFBundleURLTypes). External sign-in ends at `<scheme>://auth/callback?handoff=…`.
 */
export const NATIVE_URL_SCHEME = 'ar.barrio.app'

/** The WebView origins of the native app: capacitor://localhost (iOS), https://localhost (Android). */
export const NATIVE_SHELL_ORIGINS: readonly string[] = [
  `${NATIVE_SHELL.iosScheme}://${NATIVE_SHELL.hostname}`,
  `${NATIVE_SHELL.androidScheme}://${NATIVE_SHELL.hostname}`,
]
