import { NATIVE_SHELL } from '@barrio/contracts/native-shell'
import type { CapacitorConfig } from '@capacitor/cli'

const config: CapacitorConfig = {
  appId: 'ar.barrio.app',
  appName: 'Barrio',
  webDir: 'dist',
  // The WebView origin (scheme + hostname) is what the API allows by CORS: both read NATIVE_SHELL.
  server: {
    hostname: NATIVE_SHELL.hostname,
    iosScheme: NATIVE_SHELL.iosScheme,
    androidScheme: NATIVE_SHELL.androidScheme,
  },
  plugins: {
    // Spec section 9: dark green status bar that does not overlay the web view.
    StatusBar: { style: 'DARK', backgroundColor: '#14532d', overlaysWebView: false },
  },
}

export default config
