import type { CapacitorConfig } from '@capacitor/cli'

const config: CapacitorConfig = {
  appId: 'ar.barrio.app',
  appName: 'Barrio',
  webDir: 'dist',
  plugins: {
    // Spec section 9: dark green status bar that does not overlay the web view.
    StatusBar: { style: 'DARK', backgroundColor: '#14532d', overlaysWebView: false },
  },
}

export default config
