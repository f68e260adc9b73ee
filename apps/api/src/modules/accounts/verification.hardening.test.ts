import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  codeFrom,
  cookieHeader,
  lastEmailTo,
  registration,
  signedInCustomer,
  verificationTokenFor,
  verifiedCustomer,
} from '../../../test/factories.ts'
import { users } from '../../db/schema/users.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp({ PUBLIC_URL: 'https://barrio.example' })
})
afterAll(async () => {
  await app.close()
})

const session = (cookie: string) =>
  app.inject({ method: 'GET', url: '/api/v1/auth/session', headers: { cookie } })
const passwordLogin = (userName: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { userName, password } })

async function codeSignIn(email: string) {
  const ask = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/pwless/login',
    payload: { email },
  })
  expect(ask.statusCode).toBe(200)
  const code = codeFrom((await lastEmailTo(app, email))!.text)
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/pwless/verify',
    payload: { email, code },
  })
  expect(res.statusCode).toBe(200)
  return { res, cookie: cookieHeader(res) }
}

const business = {
  businessName: 'Almacén Don Tito',
  cuit: '20-12345678-6',
  phone: '+5491155550000',
  street: 'Av. Corrientes',
  number: '1234',
  city: 'CABA',
  provinceCode: 'C',
  category: 'almacen',
}

describe('account pre-hijacking', () => {
  test('a code sign-in to an account whose e-mail was never verified clears the password and ends the squatter’s sessions', async () => {
    // The attacker registers the victim's address with a password and keeps a session open.
    const squatter = await signedInCustomer(app)
    expect((await session(squatter.cookie)).statusCode).toBe(200)

    // The victim signs in with a code e-mailed to their address: they land in that account…
    const victim = await codeSignIn(squatter.data.email)
    expect(victim.res.json()).toMatchObject({
      _id: squatter.user._id,
      emailVerified: true,
      // …and confirm the profile the squatter typed.
      needsProfile: true,
    })

    // …alone: the squatter's session is dead and their password no longer opens it.
    const dead = await session(squatter.cookie)
    expect(dead.statusCode).toBe(403)
    expect(dead.headers['x-auth-forbidden']).toBe('1')
    const again = await passwordLogin(squatter.data.userName, squatter.data.password)
    expect(again.statusCode).toBe(401)
    expect(again.json().code).toBe('INVALID_PASSWORD')
    expect((await session(victim.cookie)).statusCode).toBe(200)
  })

  test('a code sign-in to a verified account changes nothing: its password and sessions stay', async () => {
    const owner = await verifiedCustomer(app)
    const other = await codeSignIn(owner.data.email)
    expect(other.res.json()).toMatchObject({ emailVerified: true, needsProfile: false })
    expect((await session(owner.cookie)).statusCode).toBe(200)
    expect((await passwordLogin(owner.data.userName, owner.data.password)).statusCode).toBe(200)
  })
})

describe('e-mail verification', () => {
  test('registration e-mails a link to the web page that verifies the address, once', async () => {
    const { data, user, cookie } = await signedInCustomer(app)
    expect(user).toMatchObject({ emailVerified: false })
    const mail = await lastEmailTo(app, data.email)
    expect(mail?.text).toContain('https://barrio.example/account/verify-email?token=')
    const token = await verificationTokenFor(app, data.email)

    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email',
      headers: { cookie },
      payload: { token },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ email: data.email })
    expect(
      JSON.parse(decodeURIComponent(res.cookies.find((c) => c.name === 'user')!.value)),
    ).toMatchObject({ emailVerified: true })
    expect((await session(cookie)).json()).toMatchObject({ emailVerified: true })

    const twice = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email',
      payload: { token },
    })
    expect(twice.statusCode).toBe(404)
    expect(twice.json().message).toMatch(/venció o ya se usó/)
  })

  test('resend sends a fresh link to a signed-in unverified user; verified is 409; anonymous is 401', async () => {
    const { data, cookie } = await signedInCustomer(app)
    const first = await verificationTokenFor(app, data.email)
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email/resend',
      headers: { cookie },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toContain(data.email)
    const second = await verificationTokenFor(app, data.email)
    expect(second).not.toBe(first)
    const verify = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email',
      payload: { token: second },
    })
    expect(verify.statusCode).toBe(200)

    const verified = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email/resend',
      headers: { cookie },
    })
    expect(verified.statusCode).toBe(409)
    const anonymous = await app.inject({ method: 'POST', url: '/api/v1/auth/verify-email/resend' })
    expect(anonymous.statusCode).toBe(401)
  })

  test('resending is capped per account (5 links an hour)', async () => {
    const { cookie } = await signedInCustomer(app)
    const answers = []
    for (let i = 0; i < 5; i++)
      answers.push(
        (
          await app.inject({
            method: 'POST',
            url: '/api/v1/auth/verify-email/resend',
            headers: { cookie },
          })
        ).statusCode,
      )
    // The welcome e-mail was the first of the five.
    expect(answers).toEqual([200, 200, 200, 200, 429])
  })

  test('a recovery link proves the address too', async () => {
    const { data } = await signedInCustomer(app)
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { email: data.email },
    })
    const link = /token=([^\s"&]+)/.exec((await lastEmailTo(app, data.email))!.text)![1]!
    const changed = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      payload: { token: decodeURIComponent(link), password: 'otra-clave-segura' },
    })
    expect(changed.statusCode).toBe(200)
    const [row] = await app.db.select().from(users).where(eq(users.email, data.email))
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date)
  })
})

describe('what an unverified account may do', () => {
  test('it browses and keeps a cart, but applying to sell is 403 EMAIL_NOT_VERIFIED in Spanish', async () => {
    const { user, cookie } = await signedInCustomer(app)
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/cart', headers: { cookie } })).statusCode,
    ).toBe(200)
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/orders', headers: { cookie } })).statusCode,
    ).toBe(200)
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/account/${user._id}/apply_for_merchant`,
      headers: { cookie },
      payload: business,
    })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' })
    expect(res.json().message).toMatch(/verificá tu correo/)
    const [row] = await app.db.select().from(users).where(eq(users.id, user._id))
    expect(row?.userType).toBe('customer')
  })

  test('once verified the same application goes through', async () => {
    const { user, cookie } = await verifiedCustomer(app, registration())
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/account/${user._id}/apply_for_merchant`,
      headers: { cookie },
      payload: business,
    })
    expect(res.statusCode).toBe(201)
  })
})
