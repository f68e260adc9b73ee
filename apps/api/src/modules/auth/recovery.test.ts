import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { cookieHeader, lastEmailTo, signedInCustomer } from '../../../test/factories.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp({ PUBLIC_URL: 'https://barrio.example' })
})
afterAll(async () => {
  await app.close()
})

const RECOVERY = 'Si el usuario existe, se ha enviado un correo para recuperar la contraseña.'

async function resetLinkToken(email: string): Promise<string> {
  await app.outboxWorker.drain()
  const mail = await lastEmailTo(app, email)
  const match = /https:\/\/barrio\.example\/account\/reset-password\?token=([\w%-]+)/.exec(
    mail?.text ?? '',
  )
  if (!match?.[1]) throw new Error(`no reset link in ${mail?.text}`)
  return decodeURIComponent(match[1])
}

describe('password recovery', () => {
  test('answers the same for unknown and known emails, and emails a link only to a real account', async () => {
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { email: 'nadie@example.com' },
    })
    expect(unknown.statusCode).toBe(200)
    expect(unknown.json().message).toBe(RECOVERY)
    expect(await lastEmailTo(app, 'nadie@example.com')).toBeNull()

    const { data } = await signedInCustomer(app)
    const known = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { email: data.email },
    })
    expect(known.json()).toEqual(unknown.json())
    expect(await resetLinkToken(data.email)).toHaveLength(43)
  })

  test('the link verifies, changes the password once, ends old sessions, and the new password works', async () => {
    const { data, cookie } = await signedInCustomer(app)
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { email: data.email },
    })
    const token = await resetLinkToken(data.email)

    const check = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-recover-password-token',
      payload: { token },
    })
    expect(check.json()).toEqual({ valid: true, email: data.email })

    const change = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      payload: { token, password: 'nueva-clave-2026' },
    })
    expect(change.statusCode).toBe(200)

    const reuse = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      payload: { token, password: 'otra-clave-2026' },
    })
    expect(reuse.statusCode).toBe(404)
    expect(reuse.json().code).toBe('NOT_FOUND')
    const recheck = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-recover-password-token',
      payload: { token },
    })
    expect(recheck.statusCode).toBe(404)

    const old = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      headers: { cookie },
    })
    expect(old.statusCode).toBe(403)

    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { userName: data.email, password: 'nueva-clave-2026' },
    })
    expect(login.statusCode).toBe(200)
  })

  test('a short new password is refused on the password field and the token stays usable', async () => {
    const { data } = await signedInCustomer(app)
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { email: data.email },
    })
    const token = await resetLinkToken(data.email)
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      payload: { token, password: 'corta' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'INVALID', errors: [{ name: 'password' }] })
    const check = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-recover-password-token',
      payload: { token },
    })
    expect(check.statusCode).toBe(200)
  })

  test('using one link kills every other outstanding link of the account', async () => {
    const { data } = await signedInCustomer(app)
    const requestLink = async () => {
      await app.inject({
        method: 'POST',
        url: '/api/v1/auth/reset-password',
        payload: { email: data.email },
      })
      return resetLinkToken(data.email)
    }
    const first = await requestLink()
    const second = await requestLink()
    expect(second).not.toBe(first)

    const used = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      payload: { token: first, password: 'nueva-clave-2026' },
    })
    expect(used.statusCode).toBe(200)

    const check = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-recover-password-token',
      payload: { token: second },
    })
    expect(check.statusCode).toBe(404)
    const late = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      payload: { token: second, password: 'clave-del-enlace-viejo' },
    })
    expect(late.statusCode).toBe(404)
    expect(late.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'El enlace venció o ya se usó. Pedí uno nuevo.',
    })
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { userName: data.email, password: 'nueva-clave-2026' },
    })
    expect(login.statusCode).toBe(200)
  })

  test('session cookies are Secure when PUBLIC_URL is https', async () => {
    const { data } = await signedInCustomer(app)
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { userName: data.userName, password: data.password },
    })
    expect(res.cookies.find((c) => c.name === 'barrio_session')?.secure).toBe(true)
  })
})

describe('changing the password while signed in', () => {
  test('a wrong current password is INVALID_PASSWORD on oldPassword', async () => {
    const { cookie } = await signedInCustomer(app)
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/account/change-password',
      headers: { cookie },
      payload: { oldPassword: 'no-es-esta', newPassword: 'nueva-clave-2026' },
    })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({
      code: 'INVALID_PASSWORD',
      errors: [{ name: 'oldPassword' }],
    })
  })

  test('the right one changes it, keeps this session and ends the others', async () => {
    const { data, cookie } = await signedInCustomer(app)
    const other = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { userName: data.userName, password: data.password },
    })
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/account/change-password',
      headers: { cookie },
      payload: { oldPassword: data.password, newPassword: 'nueva-clave-2026' },
    })
    expect(res.statusCode).toBe(200)
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/auth/session', headers: { cookie } }))
        .statusCode,
    ).toBe(200)
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/v1/auth/session',
          headers: { cookie: cookieHeader(other) },
        })
      ).statusCode,
    ).toBe(403)
  })

  test('kills a recovery link asked for before the change', async () => {
    const { data, cookie } = await signedInCustomer(app)
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { email: data.email },
    })
    const token = await resetLinkToken(data.email)
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/account/change-password',
      headers: { cookie },
      payload: { oldPassword: data.password, newPassword: 'nueva-clave-2026' },
    })
    expect(res.statusCode).toBe(200)

    const late = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      payload: { token, password: 'clave-del-enlace-viejo' },
    })
    expect(late.statusCode).toBe(404)
    expect(late.json().code).toBe('NOT_FOUND')
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { userName: data.email, password: 'nueva-clave-2026' },
    })
    expect(login.statusCode).toBe(200)
  })

  test('needs a session', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/account/change-password',
      payload: { oldPassword: 'a', newPassword: 'bbbbbbbb' },
    })
    expect(res.statusCode).toBe(401)
  })
})

test('recovery also accepts the user name', async () => {
  const { data } = await signedInCustomer(app)
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/reset-password',
    payload: { email: data.userName },
  })
  expect(res.json().message).toBe(RECOVERY)
  expect(await resetLinkToken(data.email)).toHaveLength(43)
})
