import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { cookieHeader, signedInCustomer } from '../../../test/factories.ts'
import { startFakeOidcProvider, type FakeOidcProvider } from '../../../test/fake-oidc-provider.ts'

const PUBLIC_URL = 'http://barrio.test'

let app: TestApp
let google: FakeOidcProvider

beforeAll(async () => {
  google = await startFakeOidcProvider({ flavor: 'google' })
  app = await buildTestApp({ PUBLIC_URL, ...google.env('GOOGLE') })
})
afterAll(async () => {
  await app?.close()
  await google?.close()
})

/** A whole Google sign-in in the browser: start, the fake provider's answer, the callback. */
async function signInWithGoogle() {
  const start = await app.inject({ method: 'GET', url: '/api/v1/auth/google/web' })
  expect(start.statusCode).toBe(302)
  const answer = await fetch(new URL(start.headers.location as string), { redirect: 'manual' })
  expect(answer.status).toBe(302)
  const callback = new URL(answer.headers.get('location')!)
  const res = await app.inject({
    method: 'GET',
    url: callback.pathname + callback.search,
    headers: { cookie: cookieHeader(start) },
  })
  expect(res.statusCode).toBe(302)
  expect(new URL(res.headers.location as string).searchParams.get('errorCode')).toBeNull()
  return cookieHeader({ cookies: res.cookies.filter((c) => c.value !== '') })
}

const session = (cookie: string) =>
  app.inject({ method: 'GET', url: '/api/v1/auth/session', headers: { cookie } })

describe('account pre-hijacking through Google', () => {
  test('Google with a verified e-mail reaching an unverified account clears the squatter’s password and sessions first', async () => {
    const squatter = await signedInCustomer(app)
    google.nextIdentity = {
      sub: `victim-${Date.now()}`,
      email: squatter.data.email,
      email_verified: true,
      given_name: 'Verónica',
    }
    const victim = await signInWithGoogle()

    const me = await session(victim)
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({ _id: squatter.user._id, emailVerified: true })

    expect((await session(squatter.cookie)).statusCode).toBe(403)
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { userName: squatter.data.userName, password: squatter.data.password },
    })
    expect(login.statusCode).toBe(401)

    // What the owner adds from now on is theirs alone: the squatter has no way back in.
    const address = await app.inject({
      method: 'POST',
      url: '/api/v1/addresses',
      headers: { cookie: victim, origin: PUBLIC_URL },
      payload: {
        street: 'Av. Santa Fe',
        number: '1860',
        city: 'CABA',
        provinceCode: 'C',
        latitude: -34.5955,
        longitude: -58.3937,
      },
    })
    expect(address.statusCode).toBe(201)
    expect((await session(squatter.cookie)).statusCode).toBe(403)
  })

  test('a new Google customer is created verified', async () => {
    google.nextIdentity = {
      sub: `new-${Date.now()}`,
      email: `nuevo.${Date.now()}@example.com`,
      email_verified: true,
    }
    const cookie = await signInWithGoogle()
    expect((await session(cookie)).json()).toMatchObject({ emailVerified: true })
  })
})
