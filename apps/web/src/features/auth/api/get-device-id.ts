import { deviceIdResponseSchema } from '@barrio/contracts/users'

import { http } from '@/lib/http/client'

/** GET /auth/gen-device-id: a fresh device uuid for an anonymous customer. */
export async function getDeviceId(): Promise<string> {
  const response = await http.get<unknown>('/auth/gen-device-id')
  return deviceIdResponseSchema.parse(response.data).uuid
}
