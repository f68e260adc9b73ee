/** How the e2e API is pointed at the fake Google of support/fake-google.ts (no imports: the config reads it). */
export const FAKE_GOOGLE_CLIENT_ID = 'barrio-e2e-google'
export const FAKE_GOOGLE_CLIENT_SECRET = 'barrio-e2e-google-secret'
/** The Google account every sign-in at the fake provider is (a new Barrio user, no profile yet). */
export const FAKE_GOOGLE_IDENTITY = {
  sub: 'e2e-native-google-user',
  email: 'ana.nativa@example.com',
  email_verified: true,
  given_name: 'Ana',
  family_name: 'Nativa',
}

/** The API's environment for a provider on `port` (what `provider.env('GOOGLE')` would give). */
export function fakeGoogleEnv(port: number): Record<string, string> {
  const issuer = `http://127.0.0.1:${port}`
  return {
    GOOGLE_CLIENT_ID: FAKE_GOOGLE_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: FAKE_GOOGLE_CLIENT_SECRET,
    GOOGLE_ISSUER: issuer,
    GOOGLE_AUTH_URL: `${issuer}/authorize`,
    GOOGLE_TOKEN_URL: `${issuer}/token`,
    GOOGLE_JWKS_URL: `${issuer}/jwks`,
  }
}
