import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose'

/** Who the next sign-in at the fake provider is (the claims of its ID token). */
export type FakeIdentity = {
  sub: string
  email?: string
  email_verified?: boolean
  given_name?: string
  family_name?: string
}

type PendingCode = {
  clientId: string
  redirectUri: string
  codeChallenge: string
  nonce: string | null
  identity: FakeIdentity
  extraClaims: Record<string, unknown>
  expiresAt: number
  used: boolean
}

export type FakeOidcProvider = {
  /** Base URL, also the `iss` of its ID tokens. */
  issuer: string
  authorizeUrl: string
  tokenUrl: string
  jwksUrl: string
  clientId: string
  clientSecret: string
  /** The identity the next authorization signs in as (set by the test). */
  nextIdentity: FakeIdentity
  /** Claims merged over the next ID token only (e.g. a foreign `aud`), then cleared. */
  nextClaims: Record<string, unknown> | null
  /** 'deny' makes the next authorization answer as if the user cancelled. */
  nextDecision: 'allow' | 'deny'
  /** Every token call and how it ended, newest last. */
  tokenCalls: Array<{ ok: boolean; error?: string; clientAuth: 'basic' | 'body' | 'none' }>
  /** Environment variables that point the API at this provider (`GOOGLE` or `APPLE`). */
  env(prefix: 'GOOGLE' | 'APPLE'): Record<string, string>
  close(): Promise<void>
}

const b64url = (buffer: Buffer) => buffer.toString('base64url')

/**
 * A small, real OpenID Connect provider on 127.0.0.1 for tests: authorization code with PKCE
 * (S256 only), client authentication (Basic or body; Apple flavour: body only, like Apple),
 * RS256 ID tokens and a JWKS endpoint. The Apple flavour answers `response_mode=form_post` with an
 * auto-submitting HTML form, sends `email_verified` as a string and the name only as the `user`
 * form field on a subject's first authorization.
 */
export async function startFakeOidcProvider(
  options: {
    flavor?: 'google' | 'apple'
    clientId?: string
    clientSecret?: string
    /** A fixed port (the e2e suite points the built API at it before it starts); default: any. */
    port?: number
  } = {},
): Promise<FakeOidcProvider> {
  const flavor = options.flavor ?? 'google'
  const clientId = options.clientId ?? `client-${flavor}`
  const clientSecret = options.clientSecret ?? `secret-${b64url(randomBytes(12))}`
  const { publicKey, privateKey } = await generateKeyPair('RS256')
  const kid = `key-${b64url(randomBytes(6))}`
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }
  const codes = new Map<string, PendingCode>()
  const seenSubjects = new Set<string>()

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      send(res, 500, { error: 'server_error', error_description: String(error) })
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const provider: FakeOidcProvider = {
    issuer,
    authorizeUrl: `${issuer}/authorize`,
    tokenUrl: `${issuer}/token`,
    jwksUrl: `${issuer}/jwks`,
    clientId,
    clientSecret,
    nextIdentity: { sub: 'nobody', email: 'nobody@example.com', email_verified: true },
    nextClaims: null,
    nextDecision: 'allow',
    tokenCalls: [],
    env(prefix) {
      return {
        [`${prefix}_CLIENT_ID`]: clientId,
        [`${prefix}_CLIENT_SECRET`]: clientSecret,
        [`${prefix}_ISSUER`]: issuer,
        [`${prefix}_AUTH_URL`]: provider.authorizeUrl,
        [`${prefix}_TOKEN_URL`]: provider.tokenUrl,
        [`${prefix}_JWKS_URL`]: provider.jwksUrl,
      }
    },
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', issuer)
    if (req.method === 'GET' && url.pathname === '/authorize') return authorize(url, res)
    if (req.method === 'POST' && url.pathname === '/token') return token(req, res)
    if (req.method === 'GET' && url.pathname === '/jwks') return send(res, 200, { keys: [jwk] })
    return send(res, 404, { error: 'not_found' })
  }

  function authorize(url: URL, res: ServerResponse) {
    const q = url.searchParams
    const redirectUri = q.get('redirect_uri')
    // Like real providers, a bad client or redirect URI is an error page, never a redirect.
    if (q.get('client_id') !== clientId) return sendText(res, 400, 'invalid client_id')
    if (!redirectUri || !/^https?:\/\//.test(redirectUri))
      return sendText(res, 400, 'invalid redirect_uri')
    if (q.get('response_type') !== 'code') return sendText(res, 400, 'response_type must be code')
    const codeChallenge = q.get('code_challenge')
    if (q.get('code_challenge_method') !== 'S256' || !codeChallenge)
      return sendText(res, 400, 'PKCE with S256 is required')
    const scopes = (q.get('scope') ?? '').split(' ')
    if (!scopes.includes('openid')) return sendText(res, 400, 'scope must include openid')
    const state = q.get('state') ?? ''
    const formPost = q.get('response_mode') === 'form_post'

    let params: Record<string, string>
    if (provider.nextDecision === 'deny') {
      provider.nextDecision = 'allow'
      params = { error: flavor === 'apple' ? 'user_cancelled_authorize' : 'access_denied', state }
    } else {
      const code = b64url(randomBytes(24))
      const identity = { ...provider.nextIdentity }
      codes.set(code, {
        clientId,
        redirectUri,
        codeChallenge,
        nonce: q.get('nonce'),
        identity,
        extraClaims: provider.nextClaims ?? {},
        expiresAt: Date.now() + 60_000,
        used: false,
      })
      provider.nextClaims = null
      params = { code, state }
      // Apple sends the name (and email) once, on the subject's first authorization.
      if (flavor === 'apple' && !seenSubjects.has(identity.sub)) {
        seenSubjects.add(identity.sub)
        if (identity.given_name || identity.family_name) {
          params.user = JSON.stringify({
            name: { firstName: identity.given_name, lastName: identity.family_name },
            email: identity.email,
          })
        }
      }
    }

    if (formPost) {
      const inputs = Object.entries(params)
        .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`)
        .join('')
      const html = `<!doctype html><html><body onload="document.forms[0].submit()"><form method="post" action="${escapeHtml(redirectUri)}">${inputs}</form></body></html>`
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      return res.end(html)
    }
    const target = new URL(redirectUri)
    for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v)
    res.writeHead(302, { location: target.toString() })
    return res.end()
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const body = new URLSearchParams(await readBody(req))
    let clientAuth: 'basic' | 'body' | 'none' = 'none'
    let givenId: string | null = null
    let givenSecret: string | null = null
    const authorization = req.headers.authorization
    if (authorization?.startsWith('Basic ')) {
      clientAuth = 'basic'
      const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8')
      const colon = decoded.indexOf(':')
      givenId = decodeURIComponent(decoded.slice(0, colon))
      givenSecret = decodeURIComponent(decoded.slice(colon + 1))
    } else if (body.has('client_secret')) {
      clientAuth = 'body'
      givenId = body.get('client_id')
      givenSecret = body.get('client_secret')
    }
    const refuse = (status: number, error: string, description: string) => {
      provider.tokenCalls.push({ ok: false, error, clientAuth })
      return send(res, status, { error, error_description: description })
    }
    if (flavor === 'apple' && clientAuth !== 'body')
      return refuse(401, 'invalid_client', 'credentials must be in the body (client_secret_post)')
    if (givenId !== clientId || givenSecret !== clientSecret)
      return refuse(401, 'invalid_client', 'unknown client or wrong secret')
    if (body.get('grant_type') !== 'authorization_code')
      return refuse(400, 'unsupported_grant_type', 'only authorization_code')
    const code = body.get('code') ?? ''
    const pending = codes.get(code)
    if (!pending || pending.used || pending.expiresAt < Date.now())
      return refuse(400, 'invalid_grant', 'unknown, used or expired code')
    pending.used = true
    if (body.get('redirect_uri') !== pending.redirectUri)
      return refuse(400, 'invalid_grant', 'redirect_uri does not match the authorization')
    const verifier = body.get('code_verifier') ?? ''
    const challenge = b64url(createHash('sha256').update(verifier).digest())
    if (!verifier || challenge !== pending.codeChallenge)
      return refuse(400, 'invalid_grant', 'PKCE verification failed')

    const { sub, email, email_verified, given_name, family_name } = pending.identity
    const claims: Record<string, unknown> = { email }
    if (email_verified !== undefined)
      claims.email_verified = flavor === 'apple' ? String(email_verified) : email_verified
    if (flavor === 'google') Object.assign(claims, { given_name, family_name })
    if (pending.nonce) claims.nonce = pending.nonce
    const idToken = await new SignJWT({ ...claims, ...pending.extraClaims })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(issuer)
      .setAudience((pending.extraClaims.aud as string | undefined) ?? clientId)
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey)
    provider.tokenCalls.push({ ok: true, clientAuth })
    return send(res, 200, {
      access_token: b64url(randomBytes(24)),
      token_type: 'Bearer',
      expires_in: 3600,
      id_token: idToken,
    })
  }

  return provider
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
  res.end(JSON.stringify(body))
}

function sendText(res: ServerResponse, status: number, text: string) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' })
  res.end(text)
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
}
