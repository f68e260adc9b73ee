import { NATIVE_STATUS_BAR_COLOR } from '@barrio/contracts/constants'
import { NATIVE_SHELL } from '@barrio/contracts/native-shell'
import type { CapacitorConfig } from '@capacitor/cli'

/**
 * The native shell (docs/native.md). `npm run native:sync -w @barrio/web` builds the web app with
 * VITE_API_URL and copies this configuration into android/ and ios/ (their capacitor.config.json);
 * src/lib/native/native-projects.test.ts checks that the projects agree with it.
 */
const config: CapacitorConfig = {
  appId: NATIVE_SHELL.appId,
  appName: NATIVE_SHELL.appName,
  webDir: 'dist',
  // The WebView origin (scheme + hostname) is what the API allows by CORS: both read NATIVE_SHELL.
  server: {
    hostname: NATIVE_SHELL.hostname,
    iosScheme: NATIVE_SHELL.iosScheme,
    androidScheme: NATIVE_SHELL.androidScheme,
  },
  backgroundColor: NATIVE_STATUS_BAR_COLOR,
  ios: {
    // env(safe-area-inset-*) in the CSS handles the notch and the home indicator.
    contentInset: 'never',
  },
  plugins: {
    // Android 16 (target SDK 36) always draws the app edge to edge: the status bar's colour and
    // "overlays" setting are gone (the StatusBar plugin's backgroundColor and overlaysWebView no
    // longer apply there). Capacitor 8's SystemBars hands the insets to the page instead:
    // env(safe-area-inset-*), and --safe-area-inset-* for web views older than Chromium 140. The
    // page keeps its content below the bar and paints the bar's strip dark green
    // (html[data-native]::before in styles/global.css). index.html has viewport-fit=cover from the
    // start, so the hint spares a layout jump.
    SystemBars: { insetsHandling: 'css', initialViewportFitValueHint: 'cover' },
    // Spec section 9: dark green status bar that does not overlay the web view.
    StatusBar: { style: 'DARK', backgroundColor: NATIVE_STATUS_BAR_COLOR, overlaysWebView: false },
    // Barrio's mark on dark green until the app has started (app/native/start-native-app.ts hides
    // it then); after 3 s it hides anyway, so a failed start never leaves the splash up.
    SplashScreen: {
      launchAutoHide: true,
      launchShowDuration: 3000,
      backgroundColor: NATIVE_STATUS_BAR_COLOR,
      androidScaleType: 'CENTER_CROP',
      showSpinner: false,
      splashFullScreen: false,
      splashImmersive: false,
    },
    // A push that arrives while the app is open still shows its banner.
    PushNotifications: { presentationOptions: ['badge', 'sound', 'alert'] },
  },
}

export default config
