import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { registration, signedInCustomer } from '../../../test/factories.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_ACCOUNT_MAX: '3' })
})
afterAll(async () => {
  await app.close()
})

// Client addresses are socket addresses: X-Forwarded-For is not trusted without TRUST_PROXY.
const login = (ip: string, userName: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    remoteAddress: ip,
    payload: { userName, password },
  })

describe('rate limits on sign-in', () => {
  test('one client hammering one account is cut off with 429 and Retry-After', async () => {
    const { data } = await signedInCustomer(app)
    const ip = '203.0.113.10'
    for (let i = 0; i < 3; i++)
      expect((await login(ip, data.userName, 'wrong-pass')).statusCode).toBe(401)
    const blocked = await login(ip, data.userName, data.password)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().code).toBe('TOO_MANY_REQUESTS')
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
  })

  // Before TRUST_PROXY the locked account still signed in from another address: that let a
  // rotating X-Forwarded-For guess forever. The lock is now the account's, whatever the address.
  test('another account from the same address still signs in; the hammered account waits from any address', async () => {
    const victim = await signedInCustomer(app)
    const neighbour = await signedInCustomer(app)
    const attacker = '203.0.113.20'
    for (let i = 0; i < 4; i++) await login(attacker, victim.data.userName, 'wrong-pass')
    expect(
      (await login('198.51.100.7', victim.data.userName, victim.data.password)).statusCode,
    ).toBe(429)
    expect(
      (await login(attacker, neighbour.data.userName, neighbour.data.password)).statusCode,
    ).toBe(200)
  })

  test('60 different people behind one carrier NAT sign in within a minute', async () => {
    const people = []
    for (let i = 0; i < 60; i++) {
      const data = registration()
      await app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        remoteAddress: `10.0.${i}.1`,
        payload: data,
      })
      people.push(data)
    }
    const nat = '181.16.0.1'
    const results = await Promise.all(people.map((p) => login(nat, p.userName, p.password)))
    expect(results.map((r) => r.statusCode)).toEqual(Array(60).fill(200))
  })

  test('code requests are limited per address and email too', async () => {
    const ip = '203.0.113.30'
    const email = `spam.${Date.now()}@example.com`
    const ask = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/pwless/login',
        remoteAddress: ip,
        payload: { email },
      })
    for (let i = 0; i < 3; i++) expect((await ask()).statusCode).toBe(200)
    expect((await ask()).statusCode).toBe(429)
  })
})

describe('cross-site requests', () => {
  test('a cookie-authenticated write from a foreign origin is refused; from our origin it works', async () => {
    const { cookie } = await signedInCustomer(app)
    const evil = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie, origin: 'https://evil.example' },
    })
    expect(evil.statusCode).toBe(403)
    expect(evil.json().code).toBe('FORBIDDEN')
    expect(evil.headers['x-auth-forbidden']).toBeUndefined()
    const stillIn = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      headers: { cookie },
    })
    expect(stillIn.statusCode).toBe(200)
    const ours = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie, origin: 'http://localhost:3000' },
    })
    expect(ours.statusCode).toBe(200)
  })
})
