/**
 * Where the rest of the app meets native push notifications without loading them: the
 * checkout and the seller dashboard ask for permission at their moment, sign-out removes the
 * device's token. Nothing here imports Capacitor; in a browser (no hooks set) every call is a
 * no-op. The native start (app/native/start-native-app.ts) sets the hooks.
 */

export type PushPromptReason = 'first-order' | 'seller-dashboard'

export type NativePushHooks = {
  askPermission: (reason: PushPromptReason) => Promise<void>
  unregister: () => Promise<void>
}

let hooks: NativePushHooks | null = null

export function setNativePushHooks(next: NativePushHooks | null): void {
  hooks = next
}

/** A sensible moment to ask for notifications (spec: after an order, or on the seller's dashboard). */
export function askForPushPermission(reason: PushPromptReason): void {
  if (!hooks) return
  hooks.askPermission(reason).catch(() => {
    // A refused or failed permission request changes nothing in the app.
  })
}

/** Before signing out: DELETE /push/devices/{token}, so the account's pushes stop on this phone. */
export async function unregisterPushBeforeSignOut(): Promise<void> {
  if (!hooks) return
  try {
    await hooks.unregister()
  } catch {
    // Signing out never fails because of the push token.
  }
}
