import type { Platform } from '@barrio/contracts/enums'
import { Capacitor } from '@capacitor/core'

/** True inside the Capacitor shell (Android/iOS), false in a browser. */
export function isNativePlatform(): boolean {
  try {
    return Capacitor.isNativePlatform()
  } catch {
    return false
  }
}

/** 'web' | 'android' | 'ios', as sent in the x-platform header. */
export function getPlatform(): Platform {
  try {
    const platform = Capacitor.getPlatform()
    return platform === 'android' || platform === 'ios' ? platform : 'web'
  } catch {
    return 'web'
  }
}
