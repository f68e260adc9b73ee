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

describe('the approval creates the first store from the application', () => {
  async function approvedSeller(extra: Record<string, unknown> = {}) {
    const { user, cookie } = await verifiedCustomer(app)
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/account/${user._id}/apply_for_merchant`,
      headers: { cookie },
      payload: { ...business, ...extra },
    })
    expect(res.statusCode).toBe(201)
    const stores = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/stores',
      headers: { cookie },
    })
    expect(stores.statusCode).toBe(200)
    const account = await app.inject({
      method: 'GET',
      url: `/api/v1/account/${user._id}`,
      headers: { cookie },
    })
    return {
      user,
      cookie,
      stores: stores.json().docs as Array<Record<string, unknown>>,
      account: account.json(),
    }
  }

  test('name, category, phone and address come from the application; without a pin it stays closed and flagged', async () => {
    const { user, cookie, stores, account } = await approvedSeller()
    expect(account.userType).toBe('admin')
    expect(stores).toHaveLength(1)
    const store = stores[0]!
    expect(store).toMatchObject({
      name: 'Almacén Don Tito',
      category: 'almacen',
      phone: '+5493414445566',
      email: user.email,
      address: {
        street: 'Bv. Oroño',
        number: '1250',
        city: 'Rosario',
        provinceCode: 'S',
        postalCode: 'S2000',
      },
      isOpen: false,
      locationPending: true,
      role: 'owner',
    })
    expect(store.handle).toMatch(/^almacen-don-tito(-\d+)?$/)
    // It cannot open until the seller confirms the point.
    const open = await app.inject({
      method: 'POST',
      url: `/api/v1/admin/stores/${store._id as string}/toggle-open`,
      headers: { cookie },
      payload: { isOpen: true },
    })
    expect(open.statusCode).toBe(409)
    expect(open.json()).toMatchObject({ code: 'CONFLICT', errors: [{ name: 'isOpen' }] })
    // The town's centre from the place lookup, to be confirmed: Rosario, not the Obelisco.
    expect(Math.abs((store.latitude as number) + 32.95)).toBeLessThan(0.3)
    expect(Math.abs((store.longitude as number) + 60.66)).toBeLessThan(0.3)
  })

  test('with the pin the store takes it and is not flagged; a second shop of the same name gets its own handle', async () => {
    const first = await approvedSeller()
    const { stores } = await approvedSeller({ latitude: -32.9468, longitude: -60.6393 })
    expect(stores[0]).toMatchObject({
      latitude: -32.9468,
      longitude: -60.6393,
      locationPending: false,
    })
    expect(stores[0]!.handle).not.toBe(first.stores[0]!.handle)
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
      const stores = await manual.inject({
        method: 'GET',
        url: '/api/v1/admin/stores',
        headers: { cookie },
      })
      expect(stores.json().docs).toMatchObject([{ name: 'Almacén Don Tito', isOpen: false }])
    } finally {
      await manual.close()
    }
    // Builds and migrates a second app inside the test: slow on a loaded machine.
  }, 30_000)
})
