import type { DeviceIdResponse } from '@barrio/contracts/users'

import { http } from '@/lib/http/client'

/** GET /auth/gen-device-id: a fresh device uuid for an anonymous customer, with its token. */
export async function getDeviceId(): Promise<DeviceIdResponse> {
  const response = await http.get<DeviceIdResponse>('/auth/gen-device-id')
  return response.data
}
