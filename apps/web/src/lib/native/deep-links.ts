import { App } from '@capacitor/app'

import { isNativePlatform } from '@/lib/native/platform'

/** The custom scheme the external sign-in redirects to: ar.barrio.app://auth/callback?handoff=... */
export const AUTH_CALLBACK_SCHEME = 'ar.barrio.app:'

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
 * Calls `onHandoff` for every auth-callback deep link the native shell receives. On the web it
 * does nothing. Errors and links without a handoff are ignored silently (spec section 2).
 * Returns a function that removes the listener.
 */
export async function listenForAuthCallback(
  onHandoff: (handoff: string) => void | Promise<void>,
): Promise<() => void> {
  if (!isNativePlatform()) return () => {}
  try {
    const handle = await App.addListener('appUrlOpen', ({ url }) => {
      const handoff = parseAuthCallbackUrl(url)
      if (!handoff) return
      Promise.resolve()
        .then(() => onHandoff(handoff))
        .catch(() => {
          // ignored silently on purpose
        })
    })
    return () => {
      void handle.remove()
    }
  } catch {
    return () => {}
  }
}
