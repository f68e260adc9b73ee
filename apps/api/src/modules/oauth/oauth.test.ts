import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { exportPKCS8, generateKeyPair, jwtVerify, decodeProtectedHeader } from 'jose'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildApp } from '../../app.ts'
import { parseEnv } from '../../config/env.ts'
import { oauthAccounts, oauthFlows } from '../../db/schema/identity.ts'
import { users } from '../../db/schema/users.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  cookieHeader,
  registration,
  signedInCustomer,
  verifyEmailOf,
} from '../../../test/factories.ts'
import { startFakeOidcProvider, type FakeOidcProvider } from '../../../test/fake-oidc-provider.ts'
import { appleClientSecretSigner } from './oauth.providers.ts'

const PUBLIC_URL = 'http://barrio.test'

let app: TestApp
let google: FakeOidcProvider
let apple: FakeOidcProvider

beforeAll(async () => {
  google = await startFakeOidcProvider({ flavor: 'google' })
  apple = await startFakeOidcProvider({ flavor: 'apple', clientId: 'ar.barrio.web' })
  app = await buildTestApp({ PUBLIC_URL, ...google.env('GOOGLE'), ...apple.env('APPLE') })
})
afterAll(async () => {
  await app?.close()
  await google?.close()
  await apple?.close()
})

let counter = 0
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`

type Flow = {
  start: Awaited<ReturnType<TestApp['inject']>>
  authorizeUrl: URL
  callbackUrl: URL
  form: Record<string, string> | null
  bindingCookie: string
}

/** Starts a flow and lets the fake provider answer; returns what the browser would post back. */
async function authorize(
  provider: 'google' | 'apple',
  {
    mode = 'web',
    cookie,
    query = '',
  }: { mode?: 'web' | 'mobile'; cookie?: string; query?: string } = {},
): Promise<Flow> {
  const start = await app.inject({
    method: 'GET',
    url: `/api/v1/auth/${provider}/${mode}${query}`,
    headers: cookie ? { cookie } : {},
  })
  expect(start.statusCode).toBe(302)
  const authorizeUrl = new URL(start.headers.location as string)
  const answer = await fetch(authorizeUrl, { redirect: 'manual' })
  if (provider === 'google') {
    expect(answer.status).toBe(302)
    return {
      start,
      authorizeUrl,
      callbackUrl: new URL(answer.headers.get('location')!),
      form: null,
      bindingCookie: cookieHeader(start),
    }
  }
  expect(answer.status).toBe(200)
  const html = await answer.text()
  const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!
  const form: Record<string, string> = {}
  for (const [, name, value] of html.matchAll(/name="([^"]+)" value="([^"]*)"/g))
    form[name!] = value!
      .replaceAll('&quot;', '"')
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&')
  return {
    start,
    authorizeUrl,
    callbackUrl: new URL(action),
    form,
    bindingCookie: cookieHeader(start),
  }
}

/** Delivers the provider's answer to the API like the browser would (GET, or Apple's form POST). */
async function deliver(flow: Flow, { cookie, url }: { cookie?: string; url?: URL } = {}) {
  const target = url ?? flow.callbackUrl
  expect(target.origin).toBe(PUBLIC_URL)
  const headers: Record<string, string> = { cookie: cookie ?? flow.bindingCookie }
  if (flow.form) {
    return app.inject({
      method: 'POST',
      url: target.pathname,
      headers: {
        ...headers,
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://appleid.apple.com',
      },
      payload: new URLSearchParams(flow.form).toString(),
    })
  }
  return app.inject({ method: 'GET', url: target.pathname + target.search, headers })
}

async function signIn(provider: 'google' | 'apple', options: Parameters<typeof authorize>[1] = {}) {
  const flow = await authorize(provider, options)
  return { flow, res: await deliver(flow) }
}

function errorOf(res: { headers: Record<string, unknown> }) {
  const location = new URL(res.headers.location as string)
  return {
    location,
    errorMsg: location.searchParams.get('errorMsg'),
    errorCode: location.searchParams.get('errorCode'),
  }
}

const sessionCookie = (res: { cookies: Array<{ name: string; value: string }> }) =>
  res.cookies.find((c) => c.name === 'barrio_session' && c.value !== '')

async function sessionUser(res: { cookies: Array<{ name: string; value: string }> }) {
  const session = await app.inject({
    method: 'GET',
    url: '/api/v1/auth/session',
    headers: { cookie: cookieHeader({ cookies: res.cookies.filter((c) => c.value !== '') }) },
  })
  expect(session.statusCode).toBe(200)
  return session.json() as {
    _id: string
    email: string
    needsProfile: boolean
    firstName: string | null
    lastName: string | null
  }
}

const userByEmail = async (email: string) =>
  (
    await app.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  )[0] ?? null
const linksOf = (userId: string) =>
  app.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, userId))

describe('Google in the browser', () => {
  test('the start redirects to the configured authorization endpoint with PKCE S256, state and scopes', async () => {
    const start = await app.inject({ method: 'GET', url: '/api/v1/auth/google/web' })
    expect(start.statusCode).toBe(302)
    const url = new URL(start.headers.location as string)
    expect(`${url.origin}${url.pathname}`).toBe(google.authorizeUrl)
    const q = url.searchParams
    expect(q.get('client_id')).toBe(google.clientId)
    expect(q.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/v1/auth/google/callback`)
    expect(q.get('response_type')).toBe('code')
    expect(q.get('scope')).toBe('openid email profile')
    expect(q.get('code_challenge_method')).toBe('S256')
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(q.get('nonce')).toBeTruthy()
    const [flow] = await app.db
      .select()
      .from(oauthFlows)
      .where(eq(oauthFlows.state, q.get('state')!))
    expect(flow).toMatchObject({ provider: 'google', mode: 'web', intent: 'login' })
    const ttl = flow!.expiresAt.getTime() - Date.now()
    expect(ttl).toBeGreaterThan(9 * 60_000)
    expect(ttl).toBeLessThanOrEqual(10 * 60_000)
    // The verifier stays on the server: only its challenge travels.
    expect(start.headers.location).not.toContain(flow!.codeVerifier)
  })

  test('a new email creates a customer who still needs a profile, and the session cookie works', async () => {
    const email = `${unique('nueva')}@gmail.com`
    google.nextIdentity = {
      sub: unique('g'),
      email,
      email_verified: true,
      given_name: 'Nora',
      family_name: 'Quiroga',
    }
    const { flow, res } = await signIn('google')
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe(`${PUBLIC_URL}/`)
    expect(sessionCookie(res)).toBeTruthy()
    const me = await sessionUser(res)
    expect(me).toMatchObject({ email, needsProfile: true, firstName: 'Nora', lastName: 'Quiroga' })
    expect(await linksOf(me._id)).toEqual([
      expect.objectContaining({ provider: 'google', subject: google.nextIdentity.sub, email }),
    ])
    expect(google.tokenCalls.at(-1)).toEqual({ ok: true, clientAuth: 'basic' })
    // The flow was used up: the same answer cannot be replayed.
    const again = await deliver(flow)
    expect(sessionCookie(again)).toBeUndefined()
    expect(errorOf(again).errorCode).toBe('UNAUTHORIZED')
  })

  test('the same subject signs in the same user again, even after changing its email at Google', async () => {
    const sub = unique('g')
    const email = `${unique('vuelve')}@gmail.com`
    google.nextIdentity = { sub, email, email_verified: true }
    const first = await sessionUser((await signIn('google')).res)
    const newEmail = `${unique('cambiada')}@gmail.com`
    google.nextIdentity = { sub, email: newEmail, email_verified: true }
    const { res } = await signIn('google')
    const second = await sessionUser(res)
    expect(second._id).toBe(first._id)
    expect(await userByEmail(newEmail)).toBeNull()
    const [link] = await linksOf(first._id)
    expect(link?.email).toBe(newEmail)
  })

  // Only an account whose e-mail was verified keeps its password when Google links to it; an
  // unverified one is handed over (oauth.hardening.test.ts, account pre-hijacking).
  test('an existing password account with the same verified email is linked and signed in', async () => {
    const data = registration()
    const reg = await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: data })
    expect(reg.statusCode).toBe(201)
    await verifyEmailOf(app, data.email)
    const sub = unique('g')
    google.nextIdentity = { sub, email: data.email.toUpperCase(), email_verified: true }
    const { res } = await signIn('google')
    const me = await sessionUser(res)
    expect(me._id).toBe(reg.json()._id)
    expect(me).toMatchObject({ needsProfile: false, firstName: 'Lucía' })
    expect(await linksOf(me._id)).toEqual([
      expect.objectContaining({ provider: 'google', subject: sub }),
    ])
    // The password keeps working.
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { userName: data.userName, password: data.password },
    })
    expect(login.statusCode).toBe(200)
  })

  test('another Google subject for an email already linked to Google is GOOGLE_ACCOUNT_EXISTS, without a session', async () => {
    const email = `${unique('ocupada')}@gmail.com`
    google.nextIdentity = { sub: unique('g'), email, email_verified: true }
    const owner = await sessionUser((await signIn('google')).res)
    google.nextIdentity = { sub: unique('intruso'), email, email_verified: true }
    const { res } = await signIn('google')
    expect(res.statusCode).toBe(302)
    const { location, errorMsg, errorCode } = errorOf(res)
    expect(`${location.origin}${location.pathname}`).toBe(`${PUBLIC_URL}/`)
    expect(errorCode).toBe('GOOGLE_ACCOUNT_EXISTS')
    expect(errorMsg).toContain('otra cuenta de Google')
    expect(sessionCookie(res)).toBeUndefined()
    expect(await linksOf(owner._id)).toHaveLength(1)
    const [intruder] = await app.db
      .select()
      .from(oauthAccounts)
      .where(eq(oauthAccounts.subject, google.nextIdentity.sub))
    expect(intruder).toBeUndefined()
  })

  test('an unverified email is refused and creates nothing', async () => {
    const email = `${unique('sinverificar')}@gmail.com`
    google.nextIdentity = { sub: unique('g'), email, email_verified: false }
    const { res } = await signIn('google')
    expect(errorOf(res)).toMatchObject({ errorCode: 'EMAIL_NOT_VERIFIED' })
    expect(errorOf(res).errorMsg).toMatch(/no está verificado/)
    expect(sessionCookie(res)).toBeUndefined()
    expect(await userByEmail(email)).toBeNull()
  })

  test('an unverified email is refused even when it matches an existing account (no takeover)', async () => {
    const { data, user } = await signedInCustomer(app)
    google.nextIdentity = { sub: unique('g'), email: data.email, email_verified: false }
    const { res } = await signIn('google')
    expect(errorOf(res).errorCode).toBe('EMAIL_NOT_VERIFIED')
    expect(await linksOf(user._id)).toHaveLength(0)
  })

  test('a tampered or unknown state is refused before any token call', async () => {
    google.nextIdentity = {
      sub: unique('g'),
      email: `${unique('x')}@gmail.com`,
      email_verified: true,
    }
    const flow = await authorize('google')
    const calls = google.tokenCalls.length
    const tampered = new URL(flow.callbackUrl)
    tampered.searchParams.set('state', `${tampered.searchParams.get('state')}x`)
    const res = await deliver(flow, { url: tampered })
    expect(res.statusCode).toBe(302)
    expect(errorOf(res)).toMatchObject({
      errorCode: 'UNAUTHORIZED',
      errorMsg: expect.stringMatching(/venció o no es válido/),
    })
    expect(sessionCookie(res)).toBeUndefined()
    const missing = new URL(flow.callbackUrl)
    missing.searchParams.delete('state')
    expect(errorOf(await deliver(flow, { url: missing })).errorCode).toBe('BAD_REQUEST')
    expect(google.tokenCalls.length).toBe(calls)
  })

  test('an expired flow is refused', async () => {
    google.nextIdentity = {
      sub: unique('g'),
      email: `${unique('x')}@gmail.com`,
      email_verified: true,
    }
    const flow = await authorize('google')
    const state = flow.callbackUrl.searchParams.get('state')!
    await app.db
      .update(oauthFlows)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthFlows.state, state))
    const res = await deliver(flow)
    expect(errorOf(res).errorCode).toBe('UNAUTHORIZED')
    expect(sessionCookie(res)).toBeUndefined()
  })

  test('an answer delivered to a browser that did not start the flow is refused (login CSRF)', async () => {
    const email = `${unique('csrf')}@gmail.com`
    google.nextIdentity = { sub: unique('g'), email, email_verified: true }
    const flow = await authorize('google')
    const res = await deliver(flow, { cookie: '' })
    expect(errorOf(res).errorCode).toBe('UNAUTHORIZED')
    expect(sessionCookie(res)).toBeUndefined()
    expect(await userByEmail(email)).toBeNull()
    // Another browser's binding cookie does not fit either.
    const other = await authorize('google')
    const crossed = await deliver(flow, { cookie: other.bindingCookie })
    expect(errorOf(crossed).errorCode).toBe('UNAUTHORIZED')
  })

  test('the PKCE verifier is really checked: a wrong one fails at the token endpoint and redirects with errorMsg', async () => {
    // Straight at the fake: a wrong verifier is invalid_grant.
    google.nextIdentity = {
      sub: unique('g'),
      email: `${unique('pkce')}@gmail.com`,
      email_verified: true,
    }
    const direct = await authorize('google')
    const code = direct.callbackUrl.searchParams.get('code')!
    const refused = await fetch(google.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: `${PUBLIC_URL}/api/v1/auth/google/callback`,
        code_verifier: 'a'.repeat(43),
        client_id: google.clientId,
        client_secret: google.clientSecret,
      }),
    })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ error: 'invalid_grant' })

    // Through the API, with the stored verifier swapped for another one.
    const email = `${unique('pkce')}@gmail.com`
    google.nextIdentity = { sub: unique('g'), email, email_verified: true }
    const flow = await authorize('google')
    await app.db
      .update(oauthFlows)
      .set({ codeVerifier: 'b'.repeat(64) })
      .where(eq(oauthFlows.state, flow.callbackUrl.searchParams.get('state')!))
    const res = await deliver(flow)
    expect(errorOf(res)).toMatchObject({
      errorCode: 'UNAUTHORIZED',
      errorMsg: 'No pudimos completar el ingreso con Google. Intentá nuevamente.',
    })
    expect(google.tokenCalls.at(-1)).toMatchObject({ ok: false, error: 'invalid_grant' })
    expect(sessionCookie(res)).toBeUndefined()
    expect(await userByEmail(email)).toBeNull()
  })

  test('an ID token for another audience is refused', async () => {
    const email = `${unique('aud')}@gmail.com`
    google.nextIdentity = { sub: unique('g'), email, email_verified: true }
    google.nextClaims = { aud: 'someone-else' }
    const { res } = await signIn('google')
    expect(google.tokenCalls.at(-1)).toMatchObject({ ok: true })
    expect(errorOf(res).errorCode).toBe('UNAUTHORIZED')
    expect(await userByEmail(email)).toBeNull()
  })

  test('an ID token whose nonce belongs to another authorization is refused', async () => {
    const email = `${unique('nonce')}@gmail.com`
    google.nextIdentity = { sub: unique('g'), email, email_verified: true }
    google.nextClaims = { nonce: 'replayed-from-elsewhere' }
    const { res } = await signIn('google')
    expect(google.tokenCalls.at(-1)).toMatchObject({ ok: true })
    expect(errorOf(res).errorCode).toBe('UNAUTHORIZED')
    expect(await userByEmail(email)).toBeNull()
  })

  test('cancelling at Google comes back with a message', async () => {
    google.nextDecision = 'deny'
    const { res } = await signIn('google')
    expect(errorOf(res).errorMsg).toBe('Cancelaste el ingreso con Google.')
    expect(sessionCookie(res)).toBeUndefined()
  })

  test('a browser signed in as one user is not switched to another existing user: ACTIVE_GOOGLE_ACCOUNT_EXISTS', async () => {
    const email = `${unique('otra')}@gmail.com`
    google.nextIdentity = { sub: unique('g'), email, email_verified: true }
    const other = await sessionUser((await signIn('google')).res)
    const { cookie, user } = await signedInCustomer(app)
    const { res } = await signIn('google', { cookie })
    expect(errorOf(res).errorCode).toBe('ACTIVE_GOOGLE_ACCOUNT_EXISTS')
    expect(sessionCookie(res)).toBeUndefined()
    const still = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      headers: { cookie },
    })
    expect(still.json()._id).toBe(user._id)
    expect(other._id).not.toBe(user._id)
  })
})

describe('Apple in the browser (form_post)', () => {
  test('round trip: the name comes from the first answer, the secret goes in the body, and the next sign-in finds the same user', async () => {
    const email = `${unique('abc')}@privaterelay.appleid.com`
    const sub = unique('001234.apple')
    apple.nextIdentity = {
      sub,
      email,
      email_verified: true,
      given_name: 'Ana',
      family_name: 'Benítez',
    }
    const first = await authorize('apple')
    const q = first.authorizeUrl.searchParams
    expect(q.get('response_mode')).toBe('form_post')
    expect(q.get('scope')).toBe('openid email name')
    expect(q.get('code_challenge_method')).toBe('S256')
    expect(first.form).toMatchObject({
      code: expect.any(String),
      state: q.get('state'),
      user: expect.any(String),
    })
    const res = await deliver(first)
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe(`${PUBLIC_URL}/`)
    expect(apple.tokenCalls.at(-1)).toEqual({ ok: true, clientAuth: 'body' })
    const me = await sessionUser(res)
    expect(me).toMatchObject({ email, needsProfile: true, firstName: 'Ana', lastName: 'Benítez' })
    expect(await linksOf(me._id)).toEqual([
      expect.objectContaining({ provider: 'apple', subject: sub }),
    ])

    const second = await authorize('apple')
    expect(second.form?.user).toBeUndefined()
    const again = await deliver(second)
    expect((await sessionUser(again))._id).toBe(me._id)
  })

  test('an Apple answer posted without a state is refused; "false" as email_verified is refused', async () => {
    apple.nextIdentity = {
      sub: unique('apple'),
      email: `${unique('x')}@icloud.com`,
      email_verified: false,
    }
    const flow = await authorize('apple')
    const res = await deliver(flow)
    expect(errorOf(res).errorCode).toBe('EMAIL_NOT_VERIFIED')
    const noState = await authorize('apple')
    delete noState.form!.state
    expect(errorOf(await deliver(noState)).errorCode).toBe('BAD_REQUEST')
  })

  test('an Apple subject different from the one linked to the email is APPLE_ACCOUNT_EXISTS', async () => {
    const email = `${unique('dos')}@icloud.com`
    apple.nextIdentity = { sub: unique('apple'), email, email_verified: true }
    await sessionUser((await signIn('apple')).res)
    apple.nextIdentity = { sub: unique('apple'), email, email_verified: true }
    const { res } = await signIn('apple')
    expect(errorOf(res).errorCode).toBe('APPLE_ACCOUNT_EXISTS')
    expect(sessionCookie(res)).toBeUndefined()
  })

  test('a Google-linked user can add Apple with the same email', async () => {
    const email = `${unique('ambos')}@gmail.com`
    google.nextIdentity = { sub: unique('g'), email, email_verified: true }
    const viaGoogle = await sessionUser((await signIn('google')).res)
    apple.nextIdentity = { sub: unique('apple'), email, email_verified: true }
    const viaApple = await sessionUser((await signIn('apple')).res)
    expect(viaApple._id).toBe(viaGoogle._id)
    expect((await linksOf(viaGoogle._id)).map((l) => l.provider).sort()).toEqual([
      'apple',
      'google',
    ])
  })
})

describe('native app', () => {
  test('the mobile flow ends in the app scheme with a handoff that redeems once', async () => {
    const email = `${unique('movil')}@gmail.com`
    google.nextIdentity = { sub: unique('g'), email, email_verified: true }
    const { flow, res } = await signIn('google', { mode: 'mobile', query: '?state=login' })
    const [stored] = await app.db
      .select()
      .from(oauthFlows)
      .where(eq(oauthFlows.state, flow.authorizeUrl.searchParams.get('state')!))
    expect(stored).toBeUndefined()
    expect(res.statusCode).toBe(302)
    const location = res.headers.location as string
    expect(location.startsWith('ar.barrio.app://auth/callback?handoff=')).toBe(true)
    expect(sessionCookie(res)).toBeUndefined()
    const handoff = new URL(location).searchParams.get('handoff')!
    const redeem = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/handoff',
      payload: { handoff },
    })
    expect(redeem.statusCode).toBe(200)
    expect(redeem.json()).toMatchObject({ email, needsProfile: true })
    expect(sessionCookie(redeem)).toBeTruthy()
    const twice = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/handoff',
      payload: { handoff },
    })
    expect(twice.statusCode).toBe(401)
  })

  test('the intent is kept with the flow, and a mobile failure goes back to the app with errorMsg', async () => {
    const start = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/apple/mobile?state=register',
    })
    const state = new URL(start.headers.location as string).searchParams.get('state')!
    const [stored] = await app.db.select().from(oauthFlows).where(eq(oauthFlows.state, state))
    expect(stored).toMatchObject({ provider: 'apple', mode: 'mobile', intent: 'register' })

    apple.nextIdentity = {
      sub: unique('apple'),
      email: `${unique('m')}@icloud.com`,
      email_verified: false,
    }
    const { res } = await signIn('apple', { mode: 'mobile' })
    const location = errorOf(res).location
    expect(location.protocol).toBe('ar.barrio.app:')
    expect(`${location.host}${location.pathname}`).toBe('auth/callback')
    expect(errorOf(res).errorCode).toBe('EMAIL_NOT_VERIFIED')
    expect(location.searchParams.get('handoff')).toBeNull()
  })
})

describe('configuration', () => {
  test('an unconfigured provider redirects back with errorMsg, never a 500', async () => {
    const bare = await buildApp({
      env: parseEnv({
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'barrio-oauth-')),
        SESSION_SECRET: 'y'.repeat(48),
        PUBLIC_URL,
        GOOGLE_CLIENT_ID: '',
        APPLE_CLIENT_ID: 'only-the-id',
      }),
      database: app.database,
    })
    try {
      const web = await bare.inject({ method: 'GET', url: '/api/v1/auth/google/web' })
      expect(web.statusCode).toBe(302)
      const webUrl = new URL(web.headers.location as string)
      expect(`${webUrl.origin}${webUrl.pathname}`).toBe(`${PUBLIC_URL}/`)
      expect(webUrl.searchParams.get('errorMsg')).toBe('El ingreso con Google no está disponible.')
      const mobile = await bare.inject({
        method: 'GET',
        url: '/api/v1/auth/apple/mobile?state=login',
      })
      expect(mobile.statusCode).toBe(302)
      const mobileUrl = new URL(mobile.headers.location as string)
      expect(mobileUrl.protocol).toBe('ar.barrio.app:')
      expect(mobileUrl.searchParams.get('errorMsg')).toBe(
        'El ingreso con Apple no está disponible.',
      )
      const callback = await bare.inject({
        method: 'GET',
        url: '/api/v1/auth/google/callback?code=x&state=y',
      })
      expect(callback.statusCode).toBe(302)
      expect(new URL(callback.headers.location as string).searchParams.get('errorMsg')).toBeTruthy()
    } finally {
      await bare.close()
    }
  })

  test("Apple's client secret is an ES256 JWT signed with the team key, as Apple documents", async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true })
    const pem = await exportPKCS8(privateKey)
    const secret = appleClientSecretSigner({
      clientId: 'ar.barrio.web',
      teamId: 'TEAM123456',
      keyId: 'KEY1234567',
      // One-line environment values carry literal "\n".
      privateKeyPem: pem.replaceAll('\n', '\\n'),
      audience: 'https://appleid.apple.com',
    })
    const jwt = await secret()
    expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'ES256', kid: 'KEY1234567' })
    const { payload } = await jwtVerify(jwt, publicKey, {
      issuer: 'TEAM123456',
      audience: 'https://appleid.apple.com',
      subject: 'ar.barrio.web',
    })
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(15777000)
    expect(await secret()).toBe(jwt)
  })
})
