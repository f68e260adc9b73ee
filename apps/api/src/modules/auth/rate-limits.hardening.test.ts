import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { codeFrom, lastEmailTo, signedInCustomer } from '../../../test/factories.ts'
import { parseEnv } from '../../config/env.ts'
import { sessions } from '../../db/schema/identity.ts'
import { outbox } from '../../db/schema/outbox.ts'

let app: TestApp
beforeAll(async () => {
  // The defaults: no trusted proxy, 10 sign-in attempts per account and window.
  app = await buildTestApp()
})
afterAll(async () => {
  await app.close()
})

type From = { remoteAddress?: string; forwardedFor?: string }
const headers = (from: From) =>
  from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : undefined

const login = (from: From, userName: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    remoteAddress: from.remoteAddress ?? '127.0.0.1',
    headers: headers(from),
    payload: { userName, password },
  })
const askCode = (from: From, email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/pwless/login',
    remoteAddress: from.remoteAddress ?? '127.0.0.1',
    headers: headers(from),
    payload: { email },
  })
const guess = (from: From, email: string, code: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/pwless/verify',
    remoteAddress: from.remoteAddress ?? '127.0.0.1',
    headers: headers(from),
    payload: { email, code },
  })
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')
const statuses = (responses: Array<{ statusCode: number }>) => responses.map((r) => r.statusCode)

describe('sign-in limits hold whatever X-Forwarded-For says', () => {
  test('locks an account after 10 wrong passwords whatever X-Forwarded-For says (the probe)', async () => {
    const { data } = await signedInCustomer(app)
    const attacker = '203.0.113.50'
    const first = []
    for (let i = 0; i < 12; i++)
      first.push(
        await login({ remoteAddress: attacker, forwardedFor: '198.51.100.1' }, data.userName, 'x'),
      )
    expect(statuses(first)).toEqual([...Array(10).fill(401), 429, 429])

    const rotated = []
    for (let i = 0; i < 30; i++)
      rotated.push(
        await login(
          { remoteAddress: attacker, forwardedFor: `198.51.100.${i + 2}` },
          data.userName,
          'x',
        ),
      )
    expect(statuses(rotated)).toEqual(Array(30).fill(429))

    const right = await login(
      { remoteAddress: attacker, forwardedFor: '192.0.2.99' },
      data.userName,
      data.password,
    )
    expect(right.statusCode).toBe(429)
    expect(right.json().code).toBe('TOO_MANY_REQUESTS')
  })

  test('the right password gets 429 while the account is locked, from any address', async () => {
    const victim = await signedInCustomer(app)
    const neighbour = await signedInCustomer(app)
    // A botnet: ten real addresses, one wrong password each.
    for (let i = 0; i < 10; i++) {
      const res = await login({ remoteAddress: `198.18.0.${i + 1}` }, victim.data.email, 'wrong')
      expect(res.statusCode).toBe(401)
    }
    const locked = await login(
      { remoteAddress: '192.0.2.200' },
      victim.data.userName,
      victim.data.password,
    )
    expect(locked.statusCode).toBe(429)
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0)
    // The lock is the account's, not the addresses': another account signs in from them.
    const other = await login(
      { remoteAddress: '198.18.0.1' },
      neighbour.data.userName,
      neighbour.data.password,
    )
    expect(other.statusCode).toBe(200)
  })

  test('successful sign-ins do not count towards the lock', async () => {
    const { data } = await signedInCustomer(app)
    for (let i = 0; i < 12; i++) {
      const res = await login({ remoteAddress: `198.19.${i}.1` }, data.userName, data.password)
      expect(res.statusCode).toBe(200)
    }
  })
})

describe('passwordless codes are capped per e-mail, whatever the address', () => {
  test('an e-mail gets at most 5 codes per hour, even from a new address each time', async () => {
    const email = `cap.${Date.now()}@example.com`
    const answers = []
    for (let i = 0; i < 7; i++)
      answers.push(
        await askCode({ remoteAddress: `198.51.${i}.9`, forwardedFor: `10.9.${i}.1` }, email),
      )
    expect(statuses(answers)).toEqual([200, 200, 200, 200, 200, 429, 429])
    expect(Number(answers[5]!.headers['retry-after'])).toBeGreaterThan(0)
    // Another e-mail from the same address is not affected.
    expect((await askCode({ remoteAddress: '198.51.6.9' }, `other.${email}`)).statusCode).toBe(200)
  })

  test('at most 10 wrong guesses per e-mail per hour, across codes and addresses: then even the right code is refused', async () => {
    const email = `guess.${Date.now()}@example.com`
    for (let round = 0; round < 2; round++) {
      expect((await askCode({ remoteAddress: `203.0.113.${100 + round}` }, email)).statusCode).toBe(
        200,
      )
      const code = codeFrom((await lastEmailTo(app, email))!.text)
      for (let i = 0; i < 5; i++) {
        const res = await guess(
          { remoteAddress: `198.51.100.${round * 10 + i}` },
          email,
          wrongCode(code),
        )
        expect([401, 429]).toContain(res.statusCode)
      }
    }
    expect((await askCode({ remoteAddress: '203.0.113.120' }, email)).statusCode).toBe(200)
    const code = codeFrom((await lastEmailTo(app, email))!.text)
    const right = await guess({ remoteAddress: '192.0.2.77' }, email, code)
    expect(right.statusCode).toBe(429)
    expect(right.json().code).toBe('TOO_MANY_REQUESTS')
  })

  test('password recovery e-mails are capped per account, whatever the address', async () => {
    const { data } = await signedInCustomer(app)
    const answers = []
    for (let i = 0; i < 7; i++)
      answers.push(
        await app.inject({
          method: 'POST',
          url: '/api/v1/auth/reset-password',
          remoteAddress: `198.51.${i}.33`,
          payload: { email: i % 2 ? data.email : data.userName },
        }),
      )
    // Same answer for every call (nothing to probe), but only 5 links are e-mailed.
    expect(statuses(answers)).toEqual(Array(7).fill(200))
    const mails = await app.db.select().from(outbox).where(eq(outbox.kind, 'email'))
    const links = mails.filter((m) => {
      const mail = m.payload as { to: string; subject: string }
      return mail.to === data.email && mail.subject.includes('contraseña')
    })
    expect(links).toHaveLength(5)
  })
})

describe('TRUST_PROXY', () => {
  async function sessionIp(target: TestApp, from: From) {
    const { data } = await signedInCustomer(target)
    const res = await target.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: from.remoteAddress,
      headers: headers(from),
      payload: { userName: data.userName, password: data.password },
    })
    expect(res.statusCode).toBe(200)
    const [row] = await target.db
      .select({ ip: sessions.ip })
      .from(sessions)
      .where(eq(sessions.userId, res.json()._id))
      .orderBy(desc(sessions.createdAt))
      .limit(1)
    return row?.ip
  }

  test('by default X-Forwarded-For is ignored: the socket address is the client', async () => {
    expect(
      await sessionIp(app, { remoteAddress: '10.1.2.3', forwardedFor: '6.6.6.6, 203.0.113.7' }),
    ).toBe('10.1.2.3')
  })

  test('with TRUST_PROXY=1 the hop our proxy appended is honoured, not what the client wrote', async () => {
    const proxied = await buildTestApp({ TRUST_PROXY: '1' })
    try {
      expect(
        await sessionIp(proxied, {
          remoteAddress: '10.1.2.3',
          forwardedFor: '6.6.6.6, 203.0.113.7',
        }),
      ).toBe('203.0.113.7')
    } finally {
      await proxied.close()
    }
  })

  test('accepts a hop count or proxy addresses/CIDRs, and refuses anything else', () => {
    const base = { DATA_DIR: '/tmp/barrio-env', SESSION_SECRET: 'x'.repeat(48) }
    expect(parseEnv(base).TRUST_PROXY).toBe(false)
    expect(parseEnv({ ...base, TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
    expect(parseEnv({ ...base, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ])
    expect(() => parseEnv({ ...base, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/)
  })
})

describe('same-origin writes', () => {
  test('a signed-in write from the host the browser opened (127.0.0.1:PORT) is accepted', async () => {
    const { cookie } = await signedInCustomer(app)
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie, origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' },
    })
    expect(res.statusCode).toBe(200)
  })

  test('a signed-in write from a foreign origin is still refused, whatever host it names', async () => {
    const { cookie } = await signedInCustomer(app)
    for (const host of ['127.0.0.1:3000', 'localhost:3000']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: { cookie, origin: 'https://evil.example', host },
      })
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe('FORBIDDEN')
    }
    const referer = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie, referer: 'https://evil.example/page', host: '127.0.0.1:3000' },
    })
    expect(referer.statusCode).toBe(403)
  })
})
