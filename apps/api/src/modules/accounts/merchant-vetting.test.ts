// The operator's queue of merchant applications (issue 24): with MERCHANT_APPROVAL=manual an
// application waits; an operator (second factor confirmed) approves it — the applicant becomes a
// merchant with a first store and an e-mail — or rejects it with a reason the applicant reads.
import { eq } from 'drizzle-orm'
import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { stores } from '../../db/schema/stores.ts'
import { users } from '../../db/schema/users.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { lastEmailTo, signedInCustomer, verifiedCustomer } from '../../../test/factories.ts'

let app: TestApp
let operator: string

const business = (name: string) => ({
  businessName: name,
  cuit: '20-12345678-6',
  phone: '+5493414445566',
  street: 'Bv. Oroño',
  number: '1250',
  city: 'Rosario',
  provinceCode: 'S',
  postalCode: 'S2000',
  category: 'almacen',
  latitude: -32.9468,
  longitude: -60.6393,
})

async function apply(name: string) {
  const applicant = await verifiedCustomer(app)
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/account/${applicant.user._id}/apply_for_merchant`,
    headers: { cookie: applicant.cookie },
    payload: business(name),
  })
  expect(res.statusCode, res.body).toBe(201)
  return applicant
}

const queue = (query = '') =>
  app.inject({
    method: 'GET',
    url: `/api/v1/operator/merchant-applications${query}`,
    headers: { cookie: operator },
  })
const decide = (id: string, verb: 'approve' | 'reject', payload?: object) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/operator/merchant-applications/${id}/${verb}`,
    headers: { cookie: operator },
    ...(payload ? { payload } : {}),
  })

beforeAll(async () => {
  app = await buildTestApp({ MERCHANT_APPROVAL: 'manual' })
  const staff = await signedInCustomer(app)
  await app.db.update(users).set({ userType: 'operator' }).where(eq(users.id, staff.user._id))
  const enrol = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/totp/enrol',
    headers: { cookie: staff.cookie },
  })
  const verified = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/totp/verify',
    headers: { cookie: staff.cookie },
    payload: { code: await generate({ secret: enrol.json().secret }) },
  })
  expect(verified.statusCode, verified.body).toBe(200)
  operator = staff.cookie
})
afterAll(() => app.close())

describe('the merchant applications queue', () => {
  test('pending first (oldest first); approving makes a merchant with a store and tells them', async () => {
    const first = await apply('Almacén Oroño')
    await apply('Kiosco Pichincha')
    const pending = await queue('?status=pending')
    expect(pending.statusCode, pending.body).toBe(200)
    const page = pending.json()
    expect(page.docs.map((a: { businessName: string }) => a.businessName)).toEqual([
      'Almacén Oroño',
      'Kiosco Pichincha',
    ])
    const row = page.docs[0]
    expect(row).toMatchObject({
      status: 'pending',
      cuit: '20123456786',
      cuitValid: true,
      category: 'almacen',
      address: { city: 'Rosario', provinceCode: 'S', latitude: -32.9468 },
      applicant: { email: first.data.email, firstName: 'Lucía' },
      decidedAt: null,
      rejectionReason: null,
    })

    const approved = await decide(row._id, 'approve')
    expect(approved.statusCode, approved.body).toBe(200)
    expect(approved.json()).toMatchObject({ status: 'approved', decidedAt: expect.any(String) })
    const [user] = await app.db.select().from(users).where(eq(users.id, first.user._id))
    expect(user).toMatchObject({ userType: 'admin', merchantApprovedAt: expect.any(Date) })
    const owned = await app.db.select().from(stores).where(eq(stores.ownerId, first.user._id))
    expect(owned.map((s) => s.name)).toEqual(['Almacén Oroño'])
    expect((await lastEmailTo(app, first.data.email))?.subject).toBe('Ya podés vender en Barrio')

    // Decided once: a second approval (or a rejection) is a conflict, and nothing changes.
    expect((await decide(row._id, 'approve')).statusCode).toBe(409)
    expect(
      (await decide(row._id, 'reject', { reason: 'No corresponde, ya fue aprobada.' })).statusCode,
    ).toBe(409)
    const approvedList = (await queue('?status=approved')).json()
    expect(approvedList.docs.map((a: { _id: string }) => a._id)).toContain(row._id)
    expect((await queue('?status=pending')).json().totalDocs).toBe(1)
  })

  test('rejecting needs a reason, which the applicant reads; they stay a customer', async () => {
    const applicant = await apply('Bebidas del Centro')
    const [row] = (await queue('?status=pending'))
      .json()
      .docs.filter((a: { businessName: string }) => a.businessName === 'Bebidas del Centro')
    const short = await decide(row._id, 'reject', { reason: 'No' })
    expect(short.statusCode).toBe(400)
    expect(short.json()).toMatchObject({ errors: [{ name: 'reason' }] })
    const reason = 'El CUIT no coincide con el nombre del comercio en ARCA.'
    const rejected = await decide(row._id, 'reject', { reason })
    expect(rejected.statusCode, rejected.body).toBe(200)
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectionReason: reason })
    const mail = await lastEmailTo(app, applicant.data.email)
    expect(mail?.subject).toBe('Tu solicitud para vender en Barrio')
    expect(mail?.text).toContain(reason)
    const [user] = await app.db.select().from(users).where(eq(users.id, applicant.user._id))
    expect(user).toMatchObject({ userType: 'customer', merchantApprovedAt: null })
  })

  test('an unknown application is 404, a malformed id 400', async () => {
    expect((await decide('00000000-0000-4000-8000-000000000000', 'approve')).statusCode).toBe(404)
    expect((await decide('no-es-un-id', 'approve')).statusCode).toBe(400)
    expect((await queue('?status=otra')).statusCode).toBe(400)
  })
})
