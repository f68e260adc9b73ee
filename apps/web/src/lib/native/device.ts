import type { Platform } from '@barrio/contracts/enums'
import { Device } from '@capacitor/device'

import { getPlatform, isNativePlatform } from '@/lib/native/platform'

/** Spec section 3: Device. The native-only fields are absent on the web. */
export type DeviceInfo = {
  platform: Platform
  userAgent: string
  model?: string
  operatingSystem?: string
  osVersion?: string
  manufacturer?: string
  isVirtual?: boolean
  name?: string
}

export async function getDeviceInfo(): Promise<DeviceInfo> {
  const base: DeviceInfo = {
    platform: getPlatform(),
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
  }
  if (!isNativePlatform()) return base
  try {
    const info = await Device.getInfo()
    return {
      ...base,
      model: info.model,
      operatingSystem: info.operatingSystem,
      osVersion: info.osVersion,
      manufacturer: info.manufacturer,
      isVirtual: info.isVirtual,
      ...(info.name ? { name: info.name } : {}),
    }
  } catch {
    return base
  }
}
