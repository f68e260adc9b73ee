import { http } from '@/lib/http/client'

/** DELETE /push/devices/{deviceToken}: on sign-out, the account's pushes stop on this phone. */
export async function unregisterPushDevice(deviceToken: string): Promise<void> {
  await http.delete(`/push/devices/${encodeURIComponent(deviceToken)}`)
}
