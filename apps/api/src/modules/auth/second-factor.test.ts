// The operator's second factor (issue 24, decision 043): TOTP enrolment, a session limited until
// the code is confirmed, recovery codes, no replay, and wrong codes counted like passwords.
import { eq } from 'drizzle-orm'
import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { users } from '../../db/schema/users.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { cookieHeader, signedInCustomer } from '../../../test/factories.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_ACCOUNT_MAX: '4' })
})
afterAll(() => app.close())

type Signed = Awaited<ReturnType<typeof signedInCustomer>>

async function newOperator() {
  const customer = await signedInCustomer(app)
  await app.db.update(users).set({ userType: 'operator' }).where(eq(users.id, customer.user._id))
  return customer
}
const session = async (cookie: string) =>
  (await app.inject({ method: 'GET', url: '/api/v1/auth/session', headers: { cookie } })).json()
const queue = (cookie: string) =>
  app.inject({
    method: 'GET',
    url: '/api/v1/operator/merchant-applications',
    headers: { cookie },
  })
const verifyCode = (cookie: string, code: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/totp/verify',
    headers: { cookie },
    payload: { code },
  })
async function signInAgain(who: Signed) {
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { userName: who.data.userName, password: who.data.password },
  })
  expect(login.statusCode, login.body).toBe(200)
  expect(login.json().secondFactor).toBe('verify')
  return cookieHeader(login)
}
async function enrolled(who: Signed) {
  const enrol = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/totp/enrol',
    headers: { cookie: who.cookie },
  })
  expect(enrol.statusCode, enrol.body).toBe(200)
  const { secret } = enrol.json() as { secret: string }
  const usedCode = await generate({ secret })
  const done = await verifyCode(who.cookie, usedCode)
  expect(done.statusCode, done.body).toBe(200)
  return { secret, usedCode, recoveryCodes: done.json().recoveryCodes as string[] }
}

describe('an operator enrols the second factor', () => {
  test('until the first code is confirmed the session can only enrol; then the queue opens', async () => {
    const operator = await newOperator()
    expect((await session(operator.cookie)).secondFactor).toBe('enrol')
    const blocked = await queue(operator.cookie)
    expect(blocked.statusCode).toBe(403)
    expect(blocked.json()).toMatchObject({ code: 'FORBIDDEN' })
    // Not only the operator's routes: every signed-in route but the second factor's.
    const account = await app.inject({
      method: 'GET',
      url: `/api/v1/account/${operator.user._id}`,
      headers: { cookie: operator.cookie },
    })
    expect(account.statusCode).toBe(403)

    const enrol = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/totp/enrol',
      headers: { cookie: operator.cookie },
    })
    expect(enrol.statusCode, enrol.body).toBe(200)
    const { secret, otpauthUrl, qrSvg } = enrol.json()
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Barrio:.+\?.*secret=/)
    expect(otpauthUrl).toContain(`secret=${secret}`)
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/)
    // The secret is kept sealed, never as typed into the app.
    const [row] = await app.db
      .select({ pending: users.totpPendingSecret })
      .from(users)
      .where(eq(users.id, operator.user._id))
    expect(row!.pending).toMatch(/^v1\./)
    expect(row!.pending).not.toContain(secret)

    const wrong = await verifyCode(operator.cookie, '000000')
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({ code: 'INVALID', errors: [{ name: 'code' }] })

    const right = await verifyCode(operator.cookie, await generate({ secret }))
    expect(right.statusCode, right.body).toBe(200)
    const codes = right.json().recoveryCodes as string[]
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/)
    expect((await session(operator.cookie)).secondFactor).toBe('done')
    expect((await queue(operator.cookie)).statusCode).toBe(200)

    // Enrolled: a second enrolment is refused (the account keeps its factor).
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/totp/enrol',
      headers: { cookie: operator.cookie },
    })
    expect(again.statusCode).toBe(409)
  })
})

describe('each sign-in confirms the second factor', () => {
  test('a code is accepted once; a recovery code once; the queue waits for either', async () => {
    const operator = await newOperator()
    const { usedCode, recoveryCodes } = await enrolled(operator)

    const second = await signInAgain(operator)
    expect((await queue(second)).statusCode).toBe(403)
    // The code that completed the enrolment was used: it is refused (a replay within its step or
    // the next; an expired code after that).
    expect((await verifyCode(second, usedCode)).statusCode).toBe(400)
    // A recovery code (any case, with or without its dash) confirms the session.
    const recovery = recoveryCodes[0]!.toUpperCase().replace('-', '')
    const ok = await verifyCode(second, recovery)
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json()).toEqual({ secondFactor: 'done', recoveryCodes: null })
    expect((await queue(second)).statusCode).toBe(200)

    const third = await signInAgain(operator)
    expect((await verifyCode(third, recoveryCodes[0]!)).statusCode).toBe(400)
    expect((await verifyCode(third, recoveryCodes[1]!)).statusCode).toBe(200)
  })

  test('wrong codes count like wrong passwords: the account waits', async () => {
    const operator = await newOperator()
    await enrolled(operator)
    const cookie = await signInAgain(operator)
    for (let i = 0; i < 4; i++) expect((await verifyCode(cookie, '123456')).statusCode).toBe(400)
    const locked = await verifyCode(cookie, '123456')
    expect(locked.statusCode).toBe(429)
    expect(locked.headers['retry-after']).toBeDefined()
  })
})

describe('who reaches the operator routes', () => {
  test('anonymous 401; customers and sellers 403; the second factor does not make a customer an operator', async () => {
    expect((await queue('')).statusCode).toBe(401)
    const customer = await signedInCustomer(app)
    expect((await queue(customer.cookie)).statusCode).toBe(403)
    expect((await session(customer.cookie)).secondFactor).toBe('none')
    // Any account may turn the factor on; it only limits its own sessions.
    await enrolled(customer)
    expect((await queue(customer.cookie)).statusCode).toBe(403)
    const seller = await signedInCustomer(app)
    await app.db.update(users).set({ userType: 'admin' }).where(eq(users.id, seller.user._id))
    expect((await queue(seller.cookie)).statusCode).toBe(403)
  })
})

describe('every /api/v1/operator route (from the route table)', () => {
  test('refuses nobody, a customer, a seller and an operator who owes the second factor', async () => {
    const routes = app.routeTable.filter(
      (r) =>
        r.url.startsWith('/api/v1/operator/') &&
        // The CLI's endpoint beside the embedded server has its own key (decision 039).
        !r.url.startsWith('/api/v1/operator/outbox') &&
        r.method !== 'HEAD' &&
        r.method !== 'OPTIONS',
    )
    // The merchant queue (3), the commission rates and statements (5, decision 045), the stores
    // and moderation (5, decision 044), the city's overview (1, decision 048), the audit log and
    // a store's products for moderation (2, decision 047).
    expect(routes.length).toBeGreaterThanOrEqual(16)
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'PUT /api/v1/operator/commissions',
        'GET /api/v1/operator/statements',
        'GET /api/v1/operator/statements.csv',
        'GET /api/v1/operator/stores',
        'POST /api/v1/operator/stores/:id/suspend',
        'POST /api/v1/operator/stores/:id/unsuspend',
        'POST /api/v1/operator/products/:id/hide',
        'POST /api/v1/operator/products/:id/unhide',
        'GET /api/v1/operator/overview',
        'GET /api/v1/operator/audit',
        'GET /api/v1/operator/stores/:id/products',
      ]),
    )
    const customer = await signedInCustomer(app)
    const seller = await signedInCustomer(app)
    await app.db.update(users).set({ userType: 'admin' }).where(eq(users.id, seller.user._id))
    const owing = await newOperator()
    const callers: Array<[string, string, number]> = [
      ['nobody', '', 401],
      ['a customer', customer.cookie, 403],
      ['a seller', seller.cookie, 403],
      ['an operator without the second factor', owing.cookie, 403],
    ]
    for (const route of routes) {
      const url = route.url.replace(':id', '00000000-0000-4000-8000-000000000000')
      for (const [who, cookie, status] of callers) {
        const res = await app.inject({
          method: route.method as 'GET' | 'POST' | 'PUT',
          url,
          headers: cookie ? { cookie } : {},
          ...(route.method === 'POST'
            ? { payload: { reason: 'Un motivo suficientemente largo.' } }
            : {}),
        })
        expect(res.statusCode, `${route.method} ${route.url} by ${who}`).toBe(status)
      }
    }
  })
})
