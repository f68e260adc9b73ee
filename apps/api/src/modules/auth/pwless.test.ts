import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { codeFrom, cookieHeader, lastEmailTo, signedInCustomer } from '../../../test/factories.ts'
import { startSmtpCapture } from '../../../test/smtp-capture.ts'
import { otpCodes } from '../../db/schema/identity.ts'

let app: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>

beforeAll(async () => {
  smtp = await startSmtpCapture()
  app = await buildTestApp({ SMTP_URL: smtp.url })
})
afterAll(async () => {
  await app.close()
  await smtp.close()
})

const email = (tag: string) => `${tag}.${Date.now()}@example.com`

async function requestCode(address: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/pwless/login',
    payload: { email: address },
  })
  expect(res.statusCode).toBe(200)
  const mail = smtp.messages.filter((m) => m.to.includes(address)).at(-1)
  expect(mail, 'the code reached the SMTP server').toBeDefined()
  return codeFrom(mail!.raw.split('\r\n\r\n').slice(1).join('\n'))
}

const verify = (address: string, code: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/pwless/verify',
    payload: { email: address, code },
  })

describe('passwordless sign-in', () => {
  test('a new email gets a 6-digit code by real SMTP and signs in to a new account that needs a profile', async () => {
    const address = email('nuevo')
    const code = await requestCode(address)
    expect(code).toMatch(/^\d{6}$/)
    const res = await verify(address, code)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ email: address, needsProfile: true, userType: 'customer' })
    const session = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      headers: { cookie: cookieHeader(res) },
    })
    expect(session.json().email).toBe(address)
  })

  test('an existing account signs in with its code, and the code works only once', async () => {
    const { data, user } = await signedInCustomer(app)
    const code = await requestCode(data.email)
    const first = await verify(data.email, code)
    expect(first.json()._id).toBe(user._id)
    const second = await verify(data.email, code)
    expect(second.statusCode).toBe(404)
    expect(second.json().code).toBe('OTP_NOT_FOUND')
  })

  test('codes are stored hashed, never in clear', async () => {
    const address = email('hash')
    const code = await requestCode(address)
    const [row] = await app.db.select().from(otpCodes).where(eq(otpCodes.email, address))
    expect(row?.codeHash).not.toContain(code)
    expect(row?.codeHash).toHaveLength(64)
  })

  test('a wrong code is OTP_HASH_MISMATCH; the fifth wrong code kills it, even for the right code', async () => {
    const address = email('intentos')
    const code = await requestCode(address)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 1; i <= 4; i++) {
      const res = await verify(address, wrong)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({ code: 'OTP_HASH_MISMATCH', errors: [{ name: 'code' }] })
      expect(res.json().message).toContain(`${5 - i}`)
    }
    const fifth = await verify(address, wrong)
    expect(fifth.json().code).toBe('OTP_MAX_ATTEMPTS_REACHED')
    const right = await verify(address, code)
    expect(right.statusCode).toBe(429)
    expect(right.json().code).toBe('OTP_MAX_ATTEMPTS_REACHED')
  })

  test('a code older than 10 minutes is OTP_NOT_FOUND; asking again replaces the old code', async () => {
    const address = email('vencido')
    const old = await requestCode(address)
    await app.db
      .update(otpCodes)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(otpCodes.email, address))
    expect((await verify(address, old)).json().code).toBe('OTP_NOT_FOUND')
    const first = await requestCode(address)
    const second = await requestCode(address)
    if (first !== second)
      expect((await verify(address, first)).json().code).toBe('OTP_HASH_MISMATCH')
    expect((await verify(address, second)).statusCode).toBe(200)
  })

  test('without any code requested, verify is OTP_NOT_FOUND', async () => {
    const res = await verify(email('sin-codigo'), '123456')
    expect(res.json().code).toBe('OTP_NOT_FOUND')
  })
})

describe('when the email cannot be sent', () => {
  test('asking for a code answers OTP_NOT_SENT', async () => {
    const broken = await buildTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' })
    try {
      const res = await broken.inject({
        method: 'POST',
        url: '/api/v1/auth/pwless/login',
        payload: { email: email('roto') },
      })
      expect(res.statusCode).toBe(502)
      expect(res.json().code).toBe('OTP_NOT_SENT')
    } finally {
      await broken.close()
    }
  })

  test('without SMTP_URL the email is logged and kept in the outbox for a developer', async () => {
    const local = await buildTestApp()
    try {
      const address = email('log')
      await local.inject({
        method: 'POST',
        url: '/api/v1/auth/pwless/login',
        payload: { email: address },
      })
      const mail = await lastEmailTo(local, address)
      expect(mail).toMatchObject({ status: 'logged', subject: expect.stringContaining('código') })
      expect(codeFrom(mail!.text)).toMatch(/^\d{6}$/)
      expect(mail!.html).toContain('<html')
    } finally {
      await local.close()
    }
  })
})
