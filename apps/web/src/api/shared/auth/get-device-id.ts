import type { DeviceIdResponse } from '@barrio/contracts/users'

import { http } from '@/lib/http/client'
import { buildDeviceQuery, getDeviceInfo } from '@/lib/native/device'
import { isNativePlatform } from '@/lib/native/platform'

/**
 * GET /auth/gen-device-id: a fresh device uuid for an anonymous customer, with its token. The
 * native app describes the phone in the query (spec section 3), and the API stores it.
 * Typed, not parsed: every start may ask for it (decision 034: no zod on the first page).
 */
export async function getDeviceId(): Promise<DeviceIdResponse> {
  const params = isNativePlatform() ? buildDeviceQuery(await getDeviceInfo()) : undefined
  const response = await http.get<DeviceIdResponse>('/auth/gen-device-id', { params })
  return response.data
}
