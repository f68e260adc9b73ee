// Type only: the contract's schema (zod) must not load in the native app's first chunk.
import type { PushDeviceInput } from '@barrio/contracts/push'

import { http } from '@/lib/http/client'

export type { PushDeviceInput }

/** POST /push/devices {deviceToken, devicePlatform}: this phone receives the account's pushes. */
export async function registerPushDevice(input: PushDeviceInput): Promise<void> {
  await http.post('/push/devices', input)
}
