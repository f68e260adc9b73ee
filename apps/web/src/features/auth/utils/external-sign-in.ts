import { env } from '@/config/env'

export type ExternalProvider = 'google' | 'apple'

/** Browser sign-in redirects to /auth/{provider}/web; the native app opens /auth/{provider}/mobile with a state. */
export function getExternalSignInUrl(
  provider: ExternalProvider,
  { isNative = false, state = 'login' } = {},
): string {
  const base = `${env.API_URL}/api/v1/auth/${provider}`
  return isNative ? `${base}/mobile?state=${encodeURIComponent(state)}` : `${base}/web`
}
