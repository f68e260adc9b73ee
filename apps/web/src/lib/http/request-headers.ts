import { HEADERS, DEFAULT_LOCALE } from '@barrio/contracts/constants'
import type { Platform } from '@barrio/contracts/enums'

import type { AppType } from '@/lib/app-store'
import { buildDeviceHeaders, type DeviceInfo } from '@/lib/native/device'

export type RequestContext = {
  deviceId: string | null
  deviceToken: string | null
  platform: Platform
  appType: AppType
  selectedStoreId: string | null
  cartId: string | null
  selectedAddressId: string | null
  /** Native only: the phone as @capacitor/device describes it (spec section 3). */
  device?: DeviceInfo | null
}

/**
 * Headers of spec sections 6-7 for one request: device id, platform and language always;
 * the device token when the server issued one;
 * admin requests add the selected store, other requests the cart and the selected address;
 * the native app adds the device's model, system, version, maker, emulator flag and name.
 * (Browsers send the user agent themselves; it cannot be set from script.)
 */
export function buildRequestHeaders(context: RequestContext): Record<string, string> {
  const headers: Record<string, string> = {
    [HEADERS.platform]: context.platform,
    'accept-language': DEFAULT_LOCALE,
    ...buildDeviceHeaders(context.device ?? null),
  }
  if (context.deviceId) headers[HEADERS.deviceId] = context.deviceId
  if (context.deviceId && context.deviceToken) headers[HEADERS.deviceToken] = context.deviceToken
  if (context.appType === 'admin') {
    if (context.selectedStoreId) headers[HEADERS.storeId] = context.selectedStoreId
  } else {
    if (context.cartId) headers[HEADERS.cartId] = context.cartId
    if (context.selectedAddressId) headers[HEADERS.addressId] = context.selectedAddressId
  }
  return headers
}
