import { http } from '@/lib/http/client'

/** POST /push/devices body (the push contract of issue 15). */
export type PushDeviceInput = { deviceToken: string; devicePlatform: 'android' | 'ios' }

/** POST /push/devices {deviceToken, devicePlatform}: this phone receives the account's pushes. */
export async function registerPushDevice(input: PushDeviceInput): Promise<void> {
  await http.post('/push/devices', input)
}
