/**
 * A fake Google (OpenID Connect) for the end-to-end run, so that the native sign-in journey gets a
 * real single-use handoff from the API: GET /api/v1/auth/google/mobile → this provider → the
 * API's callback → ar.barrio.app://auth/callback?handoff=…. It is the API tests' provider
 * (apps/api/test/fake-oidc-provider.ts) on a fixed port; GET /jwks answers the readiness check.
 * Usage: node --import tsx support/fake-google.ts <port>
 */
import { startFakeOidcProvider } from '../../apps/api/test/fake-oidc-provider.ts'
import {
  FAKE_GOOGLE_CLIENT_ID,
  FAKE_GOOGLE_CLIENT_SECRET,
  FAKE_GOOGLE_IDENTITY,
} from './fake-google-env.ts'

async function main(): Promise<void> {
  const port = Number(process.argv[2] ?? 3203)
  const provider = await startFakeOidcProvider({
    flavor: 'google',
    clientId: FAKE_GOOGLE_CLIENT_ID,
    clientSecret: FAKE_GOOGLE_CLIENT_SECRET,
    port,
  })
  provider.nextIdentity = FAKE_GOOGLE_IDENTITY
  console.log(`fake Google at ${provider.issuer}`)
  const stop = () => {
    void provider.close().then(() => process.exit(0))
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

void main()
