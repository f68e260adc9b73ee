import { createHash } from 'node:crypto'
import { CodeChallengeMethod, OAuth2Client, OAuth2RequestError, OAuth2Tokens } from 'arctic'
import { createRemoteJWKSet, importPKCS8, jwtVerify, SignJWT, type JWTPayload } from 'jose'
import type { Env } from '../../config/env.ts'
import { AppError } from '../../lib/errors.ts'

export const PROVIDERS = ['google', 'apple'] as const
export type ProviderName = (typeof PROVIDERS)[number]
export const PROVIDER_LABELS: Record<ProviderName, string> = { google: 'Google', apple: 'Apple' }

/** Who the provider says signed in, read from a verified ID token. */
export type ProviderIdentity = {
  subject: string
  email: string | null
  emailVerified: boolean
  firstName: string | null
  lastName: string | null
}

export type ProviderClient = {
  name: ProviderName
  authorizationUrl(state: string, codeVerifier: string): URL
  /** Exchanges the code (with the PKCE verifier) and verifies the ID token it comes with. */
  exchange(code: string, codeVerifier: string): Promise<ProviderIdentity>
}

type ProviderConfig = {
  name: ProviderName
  clientId: string
  issuer: string
  authUrl: string
  tokenUrl: string
  jwksUrl: string
  redirectUri: string
  scopes: string[]
  /** Extra authorization parameters (Apple: response_mode=form_post). */
  extraParams: Record<string, string>
  /** How the token endpoint wants the client credentials. */
  tokenAuth: 'basic' | 'post'
  clientSecret: () => Promise<string>
}

const TOKEN_TIMEOUT_MS = 10_000
const CLOCK_TOLERANCE_S = 60

/**
 * The ID token's nonce, derived from the PKCE verifier (which never leaves the server before the
 * token call), so a token minted for another authorization cannot be replayed into this one.
 */
export function nonceFor(codeVerifier: string): string {
  return createHash('sha256').update(`nonce:${codeVerifier}`).digest('base64url')
}

/** The provider clients the environment configures; an unconfigured provider is null. */
export function providersFromEnv(env: Env): Record<ProviderName, ProviderClient | null> {
  const redirectUri = (name: ProviderName) => `${env.PUBLIC_URL}/api/v1/auth/${name}/callback`

  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? createProviderClient({
          name: 'google',
          clientId: env.GOOGLE_CLIENT_ID,
          issuer: env.GOOGLE_ISSUER,
          authUrl: env.GOOGLE_AUTH_URL,
          tokenUrl: env.GOOGLE_TOKEN_URL,
          jwksUrl: env.GOOGLE_JWKS_URL,
          redirectUri: redirectUri('google'),
          scopes: ['openid', 'email', 'profile'],
          extraParams: {},
          tokenAuth: 'basic',
          clientSecret: constant(env.GOOGLE_CLIENT_SECRET),
        })
      : null

  let appleSecret: (() => Promise<string>) | null = null
  if (env.APPLE_CLIENT_ID && env.APPLE_CLIENT_SECRET) {
    appleSecret = constant(env.APPLE_CLIENT_SECRET)
  } else if (
    env.APPLE_CLIENT_ID &&
    env.APPLE_TEAM_ID &&
    env.APPLE_KEY_ID &&
    env.APPLE_PRIVATE_KEY
  ) {
    appleSecret = appleClientSecretSigner({
      clientId: env.APPLE_CLIENT_ID,
      teamId: env.APPLE_TEAM_ID,
      keyId: env.APPLE_KEY_ID,
      privateKeyPem: env.APPLE_PRIVATE_KEY,
      audience: env.APPLE_ISSUER,
    })
  }
  const apple =
    env.APPLE_CLIENT_ID && appleSecret
      ? createProviderClient({
          name: 'apple',
          clientId: env.APPLE_CLIENT_ID,
          issuer: env.APPLE_ISSUER,
          authUrl: env.APPLE_AUTH_URL,
          tokenUrl: env.APPLE_TOKEN_URL,
          jwksUrl: env.APPLE_JWKS_URL,
          redirectUri: redirectUri('apple'),
          scopes: ['openid', 'email', 'name'],
          // Apple posts the answer as a form when names or the email are asked for.
          extraParams: { response_mode: 'form_post' },
          // Apple's token endpoint accepts the credentials in the body only (client_secret_post).
          tokenAuth: 'post',
          clientSecret: appleSecret,
        })
      : null

  return { google, apple }
}

function constant(value: string) {
  return async () => value
}

/**
 * Apple's client secret is a short-lived ES256 JWT signed with the team's private key (PKCS8 PEM,
 * literal "\n" accepted for one-line environment values). Reused until a minute before it expires.
 */
export function appleClientSecretSigner(options: {
  clientId: string
  teamId: string
  keyId: string
  privateKeyPem: string
  audience: string
  lifetimeS?: number
}): () => Promise<string> {
  const lifetime = options.lifetimeS ?? 60 * 60
  let keyPromise: ReturnType<typeof importPKCS8> | null = null
  let cached: { secret: string; expiresAt: number } | null = null
  return async () => {
    const now = Math.floor(Date.now() / 1000)
    if (cached && cached.expiresAt - 60 > now) return cached.secret
    keyPromise ??= importPKCS8(options.privateKeyPem.replace(/\\n/g, '\n').trim(), 'ES256')
    const secret = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: options.keyId })
      .setIssuer(options.teamId)
      .setSubject(options.clientId)
      .setAudience(options.audience)
      .setIssuedAt(now)
      .setExpirationTime(now + lifetime)
      .sign(await keyPromise)
    cached = { secret, expiresAt: now + lifetime }
    return secret
  }
}

/** Why a sign-in failed at the provider, for the log; the user sees a generic message. */
export class ProviderFailure extends AppError {
  readonly reason: string
  constructor(provider: ProviderName, reason: string, cause?: unknown) {
    super(
      'UNAUTHORIZED',
      `No pudimos completar el ingreso con ${PROVIDER_LABELS[provider]}. Intentá nuevamente.`,
      { cause },
    )
    this.reason = reason
  }
}

function createProviderClient(config: ProviderConfig): ProviderClient {
  const jwks = createRemoteJWKSet(new URL(config.jwksUrl))
  // Google has issued both spellings of its issuer.
  const issuers =
    config.issuer === 'https://accounts.google.com'
      ? [config.issuer, 'accounts.google.com']
      : [config.issuer]

  async function requestTokens(code: string, codeVerifier: string): Promise<OAuth2Tokens> {
    if (config.tokenAuth === 'basic') {
      const client = new OAuth2Client(
        config.clientId,
        await config.clientSecret(),
        config.redirectUri,
      )
      return client.validateAuthorizationCode(config.tokenUrl, code, codeVerifier)
    }
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: config.redirectUri,
      code_verifier: codeVerifier,
      client_id: config.clientId,
      client_secret: await config.clientSecret(),
    })
    const response = await fetch(config.tokenUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body,
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    })
    const data: unknown = await response.json().catch(() => null)
    if (response.status === 200 && data && typeof data === 'object') return new OAuth2Tokens(data)
    const error = (data as { error?: unknown; error_description?: unknown } | null) ?? {}
    if (typeof error.error === 'string') {
      const description =
        typeof error.error_description === 'string' ? error.error_description : null
      throw new OAuth2RequestError(error.error, description, null, null)
    }
    throw new Error(`token endpoint answered ${response.status}`)
  }

  return {
    name: config.name,

    authorizationUrl(state, codeVerifier) {
      const client = new OAuth2Client(config.clientId, null, config.redirectUri)
      const url = client.createAuthorizationURLWithPKCE(
        config.authUrl,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        config.scopes,
      )
      url.searchParams.set('nonce', nonceFor(codeVerifier))
      for (const [key, value] of Object.entries(config.extraParams))
        url.searchParams.set(key, value)
      return url
    },

    async exchange(code, codeVerifier) {
      let idToken: string
      try {
        const tokens = await requestTokens(code, codeVerifier)
        idToken = tokens.idToken()
      } catch (error) {
        const reason =
          error instanceof OAuth2RequestError
            ? `token endpoint refused: ${error.code}${error.description ? ` (${error.description})` : ''}`
            : `token request failed: ${(error as Error).message}`
        throw new ProviderFailure(config.name, reason, error)
      }

      let payload: JWTPayload
      try {
        ;({ payload } = await jwtVerify(idToken, jwks, {
          issuer: issuers,
          audience: config.clientId,
          clockTolerance: CLOCK_TOLERANCE_S,
          requiredClaims: ['sub', 'exp', 'iat'],
        }))
      } catch (error) {
        throw new ProviderFailure(
          config.name,
          `id token rejected: ${(error as Error).message}`,
          error,
        )
      }
      if (payload.nonce !== nonceFor(codeVerifier))
        throw new ProviderFailure(config.name, 'id token nonce mismatch')

      const text = (value: unknown) =>
        typeof value === 'string' && value.trim() !== '' ? value.trim() : null
      return {
        subject: String(payload.sub),
        email: text(payload.email),
        // Apple sends "true" as a string; Google a boolean.
        emailVerified: payload.email_verified === true || payload.email_verified === 'true',
        firstName: text(payload.given_name),
        lastName: text(payload.family_name),
      }
    },
  }
}
