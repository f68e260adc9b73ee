import { NATIVE_URL_SCHEME } from '@barrio/contracts/native-shell'

import { isNativePlatform } from '@/lib/native/platform'

/** The custom scheme the external sign-in redirects to: ar.barrio.app://auth/callback?handoff=... */
export const AUTH_CALLBACK_SCHEME = `${NATIVE_URL_SCHEME}:`

/** Returns the handoff value of an auth-callback deep link, or null for any other or broken URL. */
export function parseAuthCallbackUrl(url: string): string | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  if (parsed.protocol !== AUTH_CALLBACK_SCHEME) return null
  // With a custom scheme "auth" is the host and "/callback" the path.
  const route = `${parsed.host}${parsed.pathname}`.replace(/\/+$/, '')
  if (route !== 'auth/callback') return null
  const handoff = parsed.searchParams.get('handoff')
  return handoff && handoff.trim() !== '' ? handoff : null
}

/**
 * Calls `onHandoff` for every auth-callback deep link the native shell receives: while it runs
 * (App `appUrlOpen`) and the link that launched it (App.getLaunchUrl). On the web it does nothing.
 * Errors and links without a handoff are ignored silently (spec section 2).
 * Returns a function that removes the listener.
 */
export async function listenForAuthCallback(
  onHandoff: (handoff: string) => void | Promise<void>,
): Promise<() => void> {
  if (!isNativePlatform()) return () => {}
  const seen = new Set<string>()
  const handle = (url: string | undefined) => {
    const handoff = url ? parseAuthCallbackUrl(url) : null
    // A handoff is single-use: the launch URL and the event may both carry the same one.
    if (!handoff || seen.has(handoff)) return
    seen.add(handoff)
    Promise.resolve()
      .then(() => onHandoff(handoff))
      .catch(() => {
        // ignored silently on purpose
      })
  }
  try {
    const { App } = await import('@capacitor/app')
    const listener = await App.addListener('appUrlOpen', ({ url }) => handle(url))
    void App.getLaunchUrl()
      .then((launch) => handle(launch?.url))
      .catch(() => {})
    return () => {
      void listener.remove()
    }
  } catch {
    return () => {}
  }
}
