import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  codeFrom,
  cookieHeader,
  lastEmailTo,
  signedInCustomer,
  verifiedCustomer,
} from '../../../test/factories.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.close()
})

const business = {
  businessName: 'Almacén Don Tito',
  cuit: '20-12345678-6',
  phone: '+5493414445566',
  street: 'Bv. Oroño',
  number: '1250',
  city: 'Rosario',
  provinceCode: 'S',
  postalCode: 'S2000',
  category: 'almacen',
}

describe('own account', () => {
  test('a user reads their own account; another user’s is not found; anonymous is 401', async () => {
    const a = await signedInCustomer(app)
    const b = await signedInCustomer(app)
    const own = await app.inject({
      method: 'GET',
      url: `/api/v1/account/${a.user._id}`,
      headers: { cookie: a.cookie },
    })
    expect(own.json().email).toBe(a.data.email)
    const other = await app.inject({
      method: 'GET',
      url: `/api/v1/account/${b.user._id}`,
      headers: { cookie: a.cookie },
    })
    expect(other.statusCode).toBe(404)
    expect(other.json().code).toBe('USER_NOT_FOUND')
    const anonymous = await app.inject({ method: 'GET', url: `/api/v1/account/${a.user._id}` })
    expect(anonymous.statusCode).toBe(401)
  })

  test('a passwordless newcomer completes the profile and stops needing one', async () => {
    const email = `onboarding.${Date.now()}@example.com`
    await app.inject({ method: 'POST', url: '/api/v1/auth/pwless/login', payload: { email } })
    const code = codeFrom((await lastEmailTo(app, email))!.text)
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/pwless/verify',
      payload: { email, code },
    })
    const { _id, needsProfile } = signIn.json()
    expect(needsProfile).toBe(true)
    const res = await app.inject({
      method: 'PUT',
      url: `/api/v1/account/${_id}`,
      headers: { cookie: cookieHeader(signIn) },
      payload: {
        firstName: 'Sofía',
        lastName: 'Ríos',
        userName: `sofi${Date.now()}`,
        phone: '+5493515556677',
      },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ needsProfile: false, firstName: 'Sofía' })
    expect(
      JSON.parse(decodeURIComponent(res.cookies.find((c) => c.name === 'user')!.value))
        .needsProfile,
    ).toBe(false)
  })
})

describe('applying to become a merchant', () => {
  test('a CUIT with a wrong check digit is refused on the cuit field', async () => {
    const { user, cookie } = await signedInCustomer(app)
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/account/${user._id}/apply_for_merchant`,
      headers: { cookie },
      payload: { ...business, cuit: '20-12345678-5' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'INVALID', errors: [{ name: 'cuit' }] })
  })

  test('with automatic approval the customer becomes an admin at once and the user cookie says so', async () => {
    const { user, cookie } = await verifiedCustomer(app)
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/account/${user._id}/apply_for_merchant`,
      headers: { cookie },
      payload: business,
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      application: { status: 'approved', businessName: 'Almacén Don Tito' },
      user: { userType: 'admin' },
    })
    const session = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      headers: { cookie },
    })
    expect(session.json().userType).toBe('admin')
    const again = await app.inject({
      method: 'POST',
      url: `/api/v1/account/${user._id}/apply_for_merchant`,
      headers: { cookie },
      payload: business,
    })
    expect(again.statusCode).toBe(409)
  })

  test('nobody applies on behalf of someone else', async () => {
    const a = await signedInCustomer(app)
    const b = await signedInCustomer(app)
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/account/${b.user._id}/apply_for_merchant`,
      headers: { cookie: a.cookie },
      payload: business,
    })
    expect(res.statusCode).toBe(404)
  })
})

describe('manual merchant approval', () => {
  test('the application waits until an operator approves it', async () => {
    const manual = await buildTestApp({ MERCHANT_APPROVAL: 'manual' })
    try {
      const { user, cookie, data } = await verifiedCustomer(manual)
      const res = await manual.inject({
        method: 'POST',
        url: `/api/v1/account/${user._id}/apply_for_merchant`,
        headers: { cookie },
        payload: business,
      })
      expect(res.json()).toMatchObject({
        application: { status: 'pending' },
        user: { userType: 'customer' },
      })
      const twice = await manual.inject({
        method: 'POST',
        url: `/api/v1/account/${user._id}/apply_for_merchant`,
        headers: { cookie },
        payload: business,
      })
      expect(twice.statusCode).toBe(409)
      await manual.accountsService.approveByEmail(data.email)
      const session = await manual.inject({
        method: 'GET',
        url: '/api/v1/auth/session',
        headers: { cookie },
      })
      expect(session.json().userType).toBe('admin')
    } finally {
      await manual.close()
    }
  })
})
