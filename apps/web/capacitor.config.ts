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
  android: {
    // Android 15 draws behind the system bars unless told otherwise: keep the web view below the
    // status bar (spec section 9: it does not overlay) and above the navigation bar.
    adjustMarginsForEdgeToEdge: 'auto',
  },
  ios: {
    // env(safe-area-inset-*) in the CSS handles the notch and the home indicator.
    contentInset: 'never',
  },
  plugins: {
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
