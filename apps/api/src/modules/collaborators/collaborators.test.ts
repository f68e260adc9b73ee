import { createHash, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { storeInvitations } from '../../db/schema/store-settings.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  confirmOrder,
  customerWithAddress,
  invitationTokenFor,
  lastEmailTo,
  registration,
  shopForCheckout,
  signedInCustomer,
  signedInSeller,
  storeInput,
  teamMember,
  verifiedCustomer,
} from '../../../test/factories.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp({ PUBLIC_URL: 'https://barrio.example' })
})
afterAll(async () => {
  await app.close()
})

type Seller = Awaited<ReturnType<typeof signedInSeller>>
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) })

async function invite(owner: Seller, email: string, role = 'staff') {
  return call('POST', '/admin/collaborators', owner.headers, { email, role })
}
const accept = (token: string, cookie?: string) =>
  call('POST', `/auth/invitations/${token}/accept`, cookie ? { cookie } : {})

describe('invitations (decision 029)', () => {
  test('the owner invites by e-mail; the link is single use, for that account and that store only', async () => {
    const owner = await signedInSeller(app)
    const otherStore = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/stores',
      headers: { cookie: owner.cookie },
      payload: { ...(await import('../../../test/factories.ts')).storeInput(`otra-${Date.now()}`) },
    })
    expect(otherStore.statusCode).toBe(201)
    const data = registration()
    const invited = await invite(owner, data.email.toUpperCase(), 'staff')
    expect(invited.statusCode).toBe(201)
    expect(invited.json()).toMatchObject({
      email: data.email,
      role: 'staff',
      status: 'invited',
      userId: null,
      acceptedAt: null,
    })
    const invitedAt = new Date(invited.json().invitedAt).getTime()
    expect(new Date(invited.json().expiresAt).getTime() - invitedAt).toBe(7 * 24 * 3600 * 1000)

    // The e-mail goes through the outbox with a link to the web app's invitation page.
    const mail = await lastEmailTo(app, data.email)
    expect(mail?.subject).toBe('Te invitaron al equipo de Almacén de Prueba')
    expect(mail?.text).toContain('como Personal')
    const token = await invitationTokenFor(app, data.email)
    expect(mail?.text).toContain(`https://barrio.example/invitations/${token}`)
    // Only the token's hash is stored.
    const [row] = await app.db
      .select()
      .from(storeInvitations)
      .where(eq(storeInvitations.id, invited.json()._id))
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(JSON.stringify(row)).not.toContain(token)

    // The page reads it without a session.
    const preview = await call('GET', `/auth/invitations/${token}`, {})
    expect(preview.statusCode).toBe(200)
    expect(preview.json()).toMatchObject({
      store: { _id: owner.store._id, name: 'Almacén de Prueba' },
      role: 'staff',
      email: data.email,
      invitedBy: 'Lucía Fernández',
      status: 'pending',
    })

    // Nobody signed in: 401. Another account: INVITATION_WRONG_ACCOUNT, and nothing changes.
    expect((await accept(token)).statusCode).toBe(401)
    const stranger = await signedInCustomer(app)
    const wrong = await accept(token, stranger.cookie)
    expect(wrong.statusCode).toBe(403)
    expect(wrong.json().code).toBe('INVITATION_WRONG_ACCOUNT')
    expect(wrong.json().message).toContain(data.email)

    // The invited person creates their account on the way and accepts.
    const person = await signedInCustomer(app, data)
    expect(person.user.userType).toBe('customer')
    const accepted = await accept(token, person.cookie)
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json()).toEqual({
      store: { _id: owner.store._id, name: 'Almacén de Prueba' },
      role: 'staff',
    })
    const session = await call('GET', '/auth/session', { cookie: person.cookie })
    expect(session.json().user ?? session.json()).toMatchObject({ userType: 'admin' })

    // Reused: INVITATION_USED; the page says so too.
    const again = await accept(token, person.cookie)
    expect(again.statusCode).toBe(410)
    expect(again.json().code).toBe('INVITATION_USED')
    expect((await call('GET', `/auth/invitations/${token}`, {})).json().status).toBe('used')

    // A member of this store only.
    const stores = await call('GET', '/admin/stores', { cookie: person.cookie })
    expect(stores.json().docs.map((s: { _id: string; role: string }) => [s._id, s.role])).toEqual([
      [owner.store._id, 'staff'],
    ])
    const elsewhere = await call('GET', '/admin/orders', {
      cookie: person.cookie,
      'x-store-id': otherStore.json()._id,
    })
    expect(elsewhere.statusCode).toBe(403)
    expect(elsewhere.json().code).toBe('USER_NOT_OWNER')

    // The team: the owner first, then the member.
    const team = await call('GET', '/admin/collaborators', owner.headers)
    expect(team.statusCode).toBe(200)
    expect(team.json()).toMatchObject({ totalDocs: 2, limit: 25, page: 1 })
    expect(team.json().docs).toMatchObject([
      { _id: owner.user._id, role: 'owner', status: 'active', email: owner.data.email },
      {
        userId: person.user._id,
        role: 'staff',
        status: 'active',
        name: 'Lucía Fernández',
        email: data.email,
      },
    ])
    expect(team.json().docs[1].acceptedAt).not.toBeNull()
  })

  test('a revoked invitation and an expired one are refused with their own codes', async () => {
    const owner = await signedInSeller(app)
    const revokedData = registration()
    const revoked = await invite(owner, revokedData.email)
    const revokedToken = await invitationTokenFor(app, revokedData.email)
    const removed = await call(
      'DELETE',
      `/admin/collaborators/${revoked.json()._id}`,
      owner.headers,
    )
    expect(removed.statusCode).toBe(204)
    const revokedPerson = await signedInCustomer(app, revokedData)
    const refused = await accept(revokedToken, revokedPerson.cookie)
    expect(refused.statusCode).toBe(410)
    expect(refused.json()).toMatchObject({
      code: 'INVITATION_REVOKED',
      message: 'El comercio anuló esta invitación.',
    })
    expect((await call('GET', `/auth/invitations/${revokedToken}`, {})).json().status).toBe(
      'revoked',
    )

    const expiredData = registration()
    const expired = await invite(owner, expiredData.email, 'manager')
    const expiredToken = await invitationTokenFor(app, expiredData.email)
    await app.db
      .update(storeInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(storeInvitations.id, expired.json()._id))
    const expiredPerson = await signedInCustomer(app, expiredData)
    const late = await accept(expiredToken, expiredPerson.cookie)
    expect(late.statusCode).toBe(410)
    expect(late.json().code).toBe('INVITATION_EXPIRED')
    expect((await call('GET', `/auth/invitations/${expiredToken}`, {})).json().status).toBe(
      'expired',
    )
    // The expired invitation is still listed (to resend); the revoked one is gone.
    const team = await call('GET', '/admin/collaborators', owner.headers)
    expect(team.json().docs.map((d: { email: string }) => d.email)).toEqual([
      owner.data.email,
      expiredData.email,
    ])
    // Resending gives a new link valid 7 days; the old one stops working.
    const resent = await call(
      'POST',
      `/admin/collaborators/${expired.json()._id}/resend`,
      owner.headers,
    )
    expect(resent.statusCode).toBe(200)
    expect(new Date(resent.json().expiresAt).getTime()).toBeGreaterThan(Date.now())
    const newToken = await invitationTokenFor(app, expiredData.email)
    expect(newToken).not.toBe(expiredToken)
    expect((await accept(expiredToken, expiredPerson.cookie)).statusCode).toBe(404)
    const ok = await accept(newToken, expiredPerson.cookie)
    expect(ok.statusCode).toBe(200)
    expect(ok.json().role).toBe('manager')
    // An unknown or malformed token.
    expect((await call('GET', `/auth/invitations/${'x'.repeat(43)}`, {})).json().code).toBe(
      'NOT_FOUND',
    )
    expect((await call('GET', '/auth/invitations/corto', {})).statusCode).toBe(400)
  })

  test('the owner changes roles and removes members, but the owner stays owner', async () => {
    const owner = await signedInSeller(app)
    const staff = await teamMember(app, owner, 'staff')
    const team = (await call('GET', '/admin/collaborators', owner.headers)).json()
    const memberId = team.docs[1]._id as string

    // Staff may not read the logistics; made manager, they may.
    const logistics = () => call('GET', '/admin/store_settings_logistics', staff.headers)
    const refused = await logistics()
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('ROLE_NOT_ALLOWED')
    const promoted = await call('PUT', `/admin/collaborators/${memberId}`, owner.headers, {
      role: 'manager',
    })
    expect(promoted.statusCode).toBe(200)
    expect(promoted.json()).toMatchObject({ role: 'manager', status: 'active' })
    const after = await logistics()
    expect(after.statusCode).toBe(200)
    // A manager still may not manage the team.
    const managerInvites = await invite(
      { ...owner, headers: staff.headers } as Seller,
      'alguien@example.com',
    )
    expect(managerInvites.statusCode).toBe(403)
    expect(managerInvites.json().code).toBe('ROLE_NOT_ALLOWED')

    // The owner can be neither demoted nor removed.
    const demote = await call('PUT', `/admin/collaborators/${owner.user._id}`, owner.headers, {
      role: 'staff',
    })
    expect(demote.statusCode).toBe(409)
    expect(
      (await call('DELETE', `/admin/collaborators/${owner.user._id}`, owner.headers)).statusCode,
    ).toBe(409)
    // Nor can anyone be made owner.
    const crown = await call('PUT', `/admin/collaborators/${memberId}`, owner.headers, {
      role: 'owner',
    })
    expect(crown.statusCode).toBe(400)
    expect(crown.json().errors[0]).toMatchObject({ name: 'role' })

    // Invite errors name their field in Spanish.
    const bad = await invite(owner, 'no-es-un-correo')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toEqual([{ name: 'email', message: 'Ingresá un correo válido' }])
    const member = await invite(owner, staff.data.email)
    expect(member.statusCode).toBe(409)
    expect(member.json().errors[0].name).toBe('email')
    const pendingData = registration()
    await invite(owner, pendingData.email)
    expect((await invite(owner, pendingData.email)).statusCode).toBe(409)

    // Pages of 25 by default; the order is owner, members, invitations.
    const second = await call('GET', '/admin/collaborators?limit=1&page=3', owner.headers)
    expect(second.json()).toMatchObject({ totalDocs: 3, totalPages: 3, page: 3 })
    expect(second.json().docs).toMatchObject([{ email: pendingData.email, status: 'invited' }])
    expect(
      (await call('GET', `/admin/collaborators/${memberId}`, owner.headers)).json(),
    ).toMatchObject({
      role: 'manager',
    })

    // Removed from their only team: the store is no longer theirs, nor the seller area.
    expect(
      (await call('DELETE', `/admin/collaborators/${memberId}`, owner.headers)).statusCode,
    ).toBe(204)
    const gone = await call('GET', '/admin/orders', staff.headers)
    expect(gone.statusCode).toBe(403)
    expect(gone.json().code).toBe('USER_NOT_ADMIN')
    expect((await call('GET', `/admin/collaborators/${memberId}`, owner.headers)).statusCode).toBe(
      404,
    )
  })
})

describe('who did it (decision 029)', () => {
  test('order actions by the team carry the acting person on the store timeline, not the customer’s', async () => {
    const shop = await shopForCheckout(app)
    const staff = await teamMember(app, shop.seller, 'staff', {
      firstName: 'Tomás',
      lastName: 'Ruiz',
    })
    const buyer = await customerWithAddress(app)
    const { response } = await confirmOrder(
      app,
      buyer,
      [{ variantId: shop.manteca._id, quantity: 1 }],
      {
        deliveryType: 'pickup',
        paymentMethod: 'cash',
      },
    )
    const orderId = response.json().order._id as string
    const paid = await call('POST', `/admin/orders/${orderId}/mark-as-paid`, staff.headers)
    expect(paid.statusCode).toBe(200)
    const noted = await call('PUT', `/admin/orders/${orderId}`, shop.seller.headers, {
      internalNote: 'Retira la vecina',
    })
    expect(noted.statusCode).toBe(200)

    const detail = (await call('GET', `/admin/orders/${orderId}`, staff.headers)).json()
    const entries = detail.timeline as Array<{ type: string; actor?: string | null }>
    expect(entries.find((e) => e.type === 'ORDER_PLACED')?.actor).toBeNull()
    expect(entries.filter((e) => e.actor === 'Tomás Ruiz').length).toBeGreaterThan(0)
    expect(entries.find((e) => e.type === 'INTERNAL_NOTE_ADDED')?.actor).toBe('Lucía Fernández')

    // The customer's view never names the team.
    const mine = await call('GET', `/orders/${orderId}`, buyer.headers)
    expect(mine.statusCode).toBe(200)
    expect(JSON.stringify(mine.json())).not.toContain('Tomás')
    expect(mine.json().timeline.every((e: object) => !('actor' in e))).toBe(true)
  })
})

/** A merchant application's body (a valid CUIT). */
const application = {
  businessName: 'Verdulería Los Hermanos',
  cuit: '20-12345678-6',
  phone: '+5491155551234',
  category: 'verduleria',
  street: 'Av. Corrientes',
  number: '1234',
  city: 'Ciudad Autónoma de Buenos Aires',
  provinceCode: 'C',
}

describe('a team gives access to its store only; opening stores is for approved merchants (issue 22)', () => {
  let manual: TestApp
  beforeAll(async () => {
    manual = await buildTestApp({ MERCHANT_APPROVAL: 'manual' })
  })
  afterAll(async () => {
    await manual.close()
  })
  const on = (
    target: TestApp,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => target.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) })
  const createStore = (target: TestApp, cookie: string) =>
    on(
      target,
      'POST',
      '/admin/stores',
      { cookie },
      storeInput(`propia-${randomUUID().slice(0, 8)}`),
    )
  const sessionOf = async (target: TestApp, cookie: string) =>
    (await on(target, 'GET', '/auth/session', { cookie })).json() as {
      userType: string
      merchantApproved: boolean
    }
  async function memberIdOf(target: TestApp, owner: Seller, userId: string) {
    const team = await on(target, 'GET', '/admin/collaborators', owner.headers)
    return (team.json().docs as Array<{ _id: string; userId: string }>).find(
      (d) => d.userId === userId,
    )!._id
  }

  test('with manual approval, a pending applicant invited as staff cannot open a store, before or after leaving the team', async () => {
    const owner = await signedInSeller(manual)

    // A verified customer applies: pending, still a customer, no store of their own.
    const applicant = await verifiedCustomer(manual)
    const applied = await on(
      manual,
      'POST',
      `/account/${applicant.user._id}/apply_for_merchant`,
      { cookie: applicant.cookie },
      application,
    )
    expect(applied.statusCode).toBe(201)
    expect(applied.json()).toMatchObject({
      application: { status: 'pending' },
      user: { userType: 'customer', merchantApproved: false },
    })
    expect((await createStore(manual, applicant.cookie)).statusCode).toBe(403)

    // Another seller invites them as staff; they accept.
    const invited = await on(manual, 'POST', '/admin/collaborators', owner.headers, {
      email: applicant.data.email,
      role: 'staff',
    })
    expect(invited.statusCode).toBe(201)
    const token = await invitationTokenFor(manual, applicant.data.email)
    const accepted = await on(manual, 'POST', `/auth/invitations/${token}/accept`, {
      cookie: applicant.cookie,
    })
    expect(accepted.statusCode).toBe(200)
    // The back office opens for the store they work in…
    expect(await sessionOf(manual, applicant.cookie)).toMatchObject({
      userType: 'admin',
      merchantApproved: false,
    })
    const staffHeaders = { cookie: applicant.cookie, 'x-store-id': owner.store._id }
    expect((await on(manual, 'GET', '/admin/orders', staffHeaders)).statusCode).toBe(200)

    // …but no store of their own: 403 with the reason, and nothing was created.
    const own = await createStore(manual, applicant.cookie)
    expect(own.statusCode).toBe(403)
    expect(own.json()).toMatchObject({
      code: 'ROLE_NOT_ALLOWED',
      message: expect.stringContaining('Solo una cuenta de vendedor aprobada puede crear tiendas'),
    })
    const listed = await on(manual, 'GET', '/admin/stores', { cookie: applicant.cookie })
    expect(listed.json().docs.map((d: { _id: string; role: string }) => [d._id, d.role])).toEqual([
      [owner.store._id, 'staff'],
    ])

    // On the inviting store, what their role allows: staff may not open or close it.
    const toggle = (cookie: string) =>
      on(
        manual,
        'POST',
        `/admin/stores/${owner.store._id}/toggle-open`,
        { cookie },
        {
          isOpen: false,
        },
      )
    const staffToggle = await toggle(applicant.cookie)
    expect(staffToggle.statusCode).toBe(403)
    expect(staffToggle.json().code).toBe('ROLE_NOT_ALLOWED')
    const manager = await teamMember(manual, owner, 'manager')
    expect((await toggle(manager.cookie)).statusCode).toBe(200)

    // Removed from the team: the seller area closes, and still no store of their own.
    const memberId = await memberIdOf(manual, owner, applicant.user._id)
    expect(
      (await on(manual, 'DELETE', `/admin/collaborators/${memberId}`, owner.headers)).statusCode,
    ).toBe(204)
    expect(await sessionOf(manual, applicant.cookie)).toMatchObject({
      userType: 'customer',
      merchantApproved: false,
    })
    expect((await createStore(manual, applicant.cookie)).statusCode).toBe(403)
    const oldStore = await on(manual, 'GET', `/admin/stores/${owner.store._id}`, {
      cookie: applicant.cookie,
    })
    expect(oldStore.statusCode).toBe(403)
    expect((await on(manual, 'GET', '/admin/orders', staffHeaders)).statusCode).toBe(403)

    // The operator's approval (npm run barrio -- approve-merchant) makes them a merchant: the first
    // store from the application, and they may open more.
    await manual.accountsService.approveByEmail(applicant.data.email)
    expect(await sessionOf(manual, applicant.cookie)).toMatchObject({
      userType: 'admin',
      merchantApproved: true,
    })
    expect((await createStore(manual, applicant.cookie)).statusCode).toBe(201)
    const mine = await on(manual, 'GET', '/admin/stores', { cookie: applicant.cookie })
    expect(mine.json().docs).toHaveLength(2)
    expect(mine.json().docs.every((d: { role: string }) => d.role === 'owner')).toBe(true)
  })

  test('with automatic approval the applicant is a merchant at once and opens stores', async () => {
    const applicant = await verifiedCustomer(app)
    const applied = await call(
      'POST',
      `/account/${applicant.user._id}/apply_for_merchant`,
      { cookie: applicant.cookie },
      application,
    )
    expect(applied.json()).toMatchObject({
      application: { status: 'approved' },
      user: { userType: 'admin', merchantApproved: true },
    })
    expect((await createStore(app, applicant.cookie)).statusCode).toBe(201)
  })

  test('a member of two teams keeps the seller area until the last one ends; a merchant never loses it', async () => {
    const first = await signedInSeller(app)
    const second = await signedInSeller(app)
    const member = await teamMember(app, first, 'staff')
    const invited = await invite(second, member.data.email, 'manager')
    expect(invited.statusCode).toBe(201)
    const token = await invitationTokenFor(app, member.data.email)
    expect((await accept(token, member.cookie)).statusCode).toBe(200)

    await call(
      'DELETE',
      `/admin/collaborators/${await memberIdOf(app, first, member.user._id)}`,
      first.headers,
    )
    expect(await sessionOf(app, member.cookie)).toMatchObject({ userType: 'admin' })
    const stillThere = { cookie: member.cookie, 'x-store-id': second.store._id }
    expect((await call('GET', '/admin/orders', stillThere)).statusCode).toBe(200)
    expect((await createStore(app, member.cookie)).statusCode).toBe(403)

    // The second store is deleted: its team goes with it, and so does the seller area.
    expect(
      (await call('DELETE', `/admin/stores/${second.store._id}`, second.headers)).statusCode,
    ).toBe(204)
    expect(await sessionOf(app, member.cookie)).toMatchObject({ userType: 'customer' })

    // A merchant who worked in another's team stays a merchant when removed from it.
    const merchant = await signedInSeller(app)
    const invitedMerchant = await invite(first, merchant.data.email, 'staff')
    expect(invitedMerchant.statusCode).toBe(201)
    const merchantToken = await invitationTokenFor(app, merchant.data.email)
    expect((await accept(merchantToken, merchant.cookie)).statusCode).toBe(200)
    await call(
      'DELETE',
      `/admin/collaborators/${await memberIdOf(app, first, merchant.user._id)}`,
      first.headers,
    )
    expect(await sessionOf(app, merchant.cookie)).toMatchObject({
      userType: 'admin',
      merchantApproved: true,
    })
    expect((await createStore(app, merchant.cookie)).statusCode).toBe(201)
  })
})
