import { HEADERS } from '@barrio/contracts/constants'
import type { Platform } from '@barrio/contracts/enums'

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

/** What @capacitor/device tells about the phone, once read at start (null on the web). */
let nativeInfo: DeviceInfo | null = null

function baseInfo(): DeviceInfo {
  return {
    platform: getPlatform(),
    userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
  }
}

/** Reads the device once (native only; @capacitor/device is loaded on demand) and keeps it. */
export async function getDeviceInfo(): Promise<DeviceInfo> {
  const base = baseInfo()
  if (!isNativePlatform()) return base
  if (nativeInfo) return nativeInfo
  try {
    const { Device } = await import('@capacitor/device')
    const info = await Device.getInfo()
    nativeInfo = {
      ...base,
      model: info.model,
      operatingSystem: info.operatingSystem,
      osVersion: info.osVersion,
      manufacturer: info.manufacturer,
      isVirtual: info.isVirtual,
      ...(info.name ? { name: info.name } : {}),
    }
    return nativeInfo
  } catch {
    return base
  }
}

/** The device read by getDeviceInfo, if it has been (synchronous, for request headers). */
export function getLoadedNativeDeviceInfo(): DeviceInfo | null {
  return nativeInfo
}

/** Test helper: forget the device read so far. */
export function resetNativeDeviceInfo(info: DeviceInfo | null = null): void {
  nativeInfo = info
}

const MAX_HEADER_VALUE = 100

/**
 * Spec section 3: on native every request describes the device (model, system, version, maker,
 * emulator or not, name). Values are URI-encoded: a phone's name may hold any character, and a
 * header value may not.
 */
export function buildDeviceHeaders(info: DeviceInfo | null): Record<string, string> {
  if (!info) return {}
  const headers: Record<string, string> = {}
  const put = (name: string, value: string | undefined) => {
    const trimmed = value?.trim()
    if (trimmed) headers[name] = encodeURIComponent(trimmed.slice(0, MAX_HEADER_VALUE))
  }
  put(HEADERS.deviceModel, info.model)
  put(HEADERS.deviceOs, info.operatingSystem)
  put(HEADERS.deviceOsVersion, info.osVersion)
  put(HEADERS.deviceManufacturer, info.manufacturer)
  put(HEADERS.deviceName, info.name)
  if (typeof info.isVirtual === 'boolean')
    headers[HEADERS.deviceVirtual] = info.isVirtual ? 'true' : 'false'
  return headers
}

/** The same description as GET /auth/gen-device-id's query (deviceInfoQuerySchema), which stores it. */
export function buildDeviceQuery(info: DeviceInfo | null): Record<string, string> {
  if (!info) return {}
  const query: Record<string, string> = { platform: info.platform }
  const put = (name: string, value: string | undefined, max: number) => {
    const trimmed = value?.trim()
    if (trimmed) query[name] = trimmed.slice(0, max)
  }
  put('model', info.model, 100)
  put('operatingSystem', info.operatingSystem, 50)
  put('osVersion', info.osVersion, 50)
  put('manufacturer', info.manufacturer, 100)
  put('name', info.name, 100)
  if (typeof info.isVirtual === 'boolean') query.isVirtual = info.isVirtual ? 'true' : 'false'
  return query
}
