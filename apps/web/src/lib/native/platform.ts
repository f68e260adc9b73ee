import type { Platform } from '@barrio/contracts/enums'

/**
 * Native detection without @capacitor/core, so the first page's critical JS carries no Capacitor
 * code (decisions 020 and 025). It is the rule @capacitor/core itself applies: the Android shell
 * injects `window.androidBridge`, the iOS shell a `bridge` WebKit message handler, both before the
 * page's scripts run. Everything that talks to a plugin is imported dynamically, on native only.
 */
type BridgeWindow = {
  androidBridge?: unknown
  webkit?: { messageHandlers?: { bridge?: unknown } }
}

function detectPlatform(): Platform {
  if (typeof window === 'undefined') return 'web'
  const win = window as unknown as BridgeWindow
  if (win.androidBridge) return 'android'
  if (win.webkit?.messageHandlers?.bridge) return 'ios'
  return 'web'
}

/** True inside the Capacitor shell (Android/iOS), false in a browser. */
export function isNativePlatform(): boolean {
  return detectPlatform() !== 'web'
}

/** 'web' | 'android' | 'ios', as sent in the x-platform header. */
export function getPlatform(): Platform {
  return detectPlatform()
}
