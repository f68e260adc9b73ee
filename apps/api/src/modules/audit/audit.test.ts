// The audit log (issue 24, decision 047): every operator action and every sensitive seller action
// writes exactly one entry, through the real routes, in the action's transaction (a refused or
// rolled-back action writes none); secrets are masked; the operator's list filters and pages.
import { randomUUID } from 'node:crypto'
import { and, desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { auditLog } from '../../db/schema/audit.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  customerWithAddress,
  readyToConfirm,
  shopForCheckout,
  signedInCustomer,
  signedInOperator,
  signedInSeller,
  teamMember,
  verifiedCustomer,
} from '../../../test/factories.ts'
import { startFakeMercadoPago } from '../../../test/fake-mercado-pago.ts'
import { maskSecrets } from './mask-secrets.ts'

const TOKEN = 'APP_USR-secreto-de-prueba-987654'

let app: TestApp
let mp: Awaited<ReturnType<typeof startFakeMercadoPago>>
let operator: { cookie: string; id: string; email: string }

async function makeOperator() {
  const staff = await signedInOperator(app)
  return { cookie: staff.cookie, id: staff.user._id, email: staff.user.email }
}

beforeAll(async () => {
  mp = await startFakeMercadoPago({ accessToken: TOKEN, webhookSecret: 'webhook-secret-000' })
  app = await buildTestApp({ MERCHANT_APPROVAL: 'manual', MP_API_URL: mp.baseUrl })
  operator = await makeOperator()
}, 60_000)
afterAll(async () => {
  await app.close()
  await mp.close()
})

/** The entries of one action on one target, oldest first, read from the table itself. */
async function entries(action: string, targetId: string) {
  return app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)))
    .orderBy(auditLog.createdAt)
}
async function countAll() {
  const [row] = await app.db.select({ n: sql<number>`count(*)::int` }).from(auditLog)
  return Number(row!.n)
}

const asOperator = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { cookie: operator.cookie },
    ...(payload ? { payload } : {}),
  })

async function productOf(seller: Awaited<ReturnType<typeof signedInSeller>>, price = 100000) {
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/products',
    headers: seller.headers,
    payload: { title: 'Yerba Suave', status: 'active', variants: [{ price, stock: 10 }] },
  })
  expect(created.statusCode, created.body).toBe(201)
  return created.json() as {
    _id: string
    title: string
    variants: Array<{ _id: string; price: number; stock: number }>
  }
}

describe('operator actions', () => {
  test('approving and rejecting merchant applications, one entry each, by the operator', async () => {
    const apply = async (name: string) => {
      const applicant = await verifiedCustomer(app)
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/account/${applicant.user._id}/apply_for_merchant`,
        headers: { cookie: applicant.cookie },
        payload: {
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
        },
      })
      expect(res.statusCode, res.body).toBe(201)
      return res.json().application._id as string
    }
    const approvedId = await apply('Almacén Auditado')
    const approved = await asOperator(
      'POST',
      `/api/v1/operator/merchant-applications/${approvedId}/approve`,
    )
    expect(approved.statusCode, approved.body).toBe(200)
    const [entry, ...more] = await entries('merchant.approved', approvedId)
    expect(more).toEqual([])
    expect(entry).toMatchObject({
      actorId: operator.id,
      actorType: 'operator',
      targetType: 'merchant_application',
      before: { status: 'pending' },
      after: { status: 'approved' },
    })
    expect(entry!.storeId).toEqual((entry!.after as { storeId: string }).storeId)
    expect(entry!.requestId).toBeTruthy()

    // Deciding it again is refused (409): nothing more is written.
    const again = await asOperator(
      'POST',
      `/api/v1/operator/merchant-applications/${approvedId}/approve`,
    )
    expect(again.statusCode).toBe(409)
    expect(await entries('merchant.approved', approvedId)).toHaveLength(1)

    const rejectedId = await apply('Kiosco Rechazado')
    const tooShort = await asOperator(
      'POST',
      `/api/v1/operator/merchant-applications/${rejectedId}/reject`,
      { reason: 'no' },
    )
    expect(tooShort.statusCode).toBe(400)
    expect(await entries('merchant.rejected', rejectedId)).toEqual([])
    const rejected = await asOperator(
      'POST',
      `/api/v1/operator/merchant-applications/${rejectedId}/reject`,
      { reason: 'El CUIT no coincide con la razón social.' },
    )
    expect(rejected.statusCode, rejected.body).toBe(200)
    expect(await entries('merchant.rejected', rejectedId)).toEqual([
      expect.objectContaining({
        actorId: operator.id,
        actorType: 'operator',
        storeId: null,
        before: expect.objectContaining({ status: 'pending' }),
        after: expect.objectContaining({
          status: 'rejected',
          reason: 'El CUIT no coincide con la razón social.',
        }),
      }),
    ])
  })

  test('suspending and reactivating a store, hiding and showing a product; no-ops write nothing', async () => {
    const seller = await signedInSeller(app)
    const storeId = seller.store._id
    const suspend = await asOperator('POST', `/api/v1/operator/stores/${storeId}/suspend`, {
      reason: 'Vende productos prohibidos',
    })
    expect(suspend.statusCode, suspend.body).toBe(200)
    const [suspended, ...more] = await entries('store.suspended', storeId)
    expect(more).toEqual([])
    expect(suspended).toMatchObject({
      actorId: operator.id,
      actorType: 'operator',
      storeId,
      targetType: 'store',
      before: { suspendedAt: null, suspensionReason: null },
      after: { suspensionReason: 'Vende productos prohibidos', suspendedBy: operator.id },
    })
    expect((suspended!.after as { suspendedAt: string }).suspendedAt).toMatch(/^\d{4}-\d\d-\d\dT/)

    expect(
      (await asOperator('POST', `/api/v1/operator/stores/${storeId}/unsuspend`)).statusCode,
    ).toBe(200)
    expect(await entries('store.unsuspended', storeId)).toEqual([
      expect.objectContaining({
        before: expect.objectContaining({ suspensionReason: 'Vende productos prohibidos' }),
        after: expect.objectContaining({ suspendedAt: null, suspensionReason: null }),
      }),
    ])
    // Reactivating a store that is not suspended changes nothing and records nothing.
    expect(
      (await asOperator('POST', `/api/v1/operator/stores/${storeId}/unsuspend`)).statusCode,
    ).toBe(200)
    expect(await entries('store.unsuspended', storeId)).toHaveLength(1)

    const product = await productOf(seller)
    const hide = await asOperator('POST', `/api/v1/operator/products/${product._id}/hide`, {
      reason: 'Imagen engañosa',
    })
    expect(hide.statusCode, hide.body).toBe(200)
    expect(await entries('products.hidden', product._id)).toEqual([
      expect.objectContaining({
        actorType: 'operator',
        storeId,
        targetType: 'product',
        before: expect.objectContaining({ hiddenAt: null, title: 'Yerba Suave' }),
        after: expect.objectContaining({ hiddenReason: 'Imagen engañosa' }),
      }),
    ])
    const unhide = await asOperator('POST', `/api/v1/operator/products/${product._id}/unhide`)
    expect(unhide.statusCode).toBe(200)
    expect(await entries('products.unhidden', product._id)).toHaveLength(1)
    // An unknown product is 404 and nothing is recorded.
    const unknown = randomUUID()
    expect(
      (await asOperator('POST', `/api/v1/operator/products/${unknown}/hide`, { reason: 'Motivo' }))
        .statusCode,
    ).toBe(404)
    expect(await entries('products.hidden', unknown)).toEqual([])
  })

  test('commission rates: before and after; a refused save records nothing', async () => {
    const seller = await signedInSeller(app)
    const first = await asOperator('PUT', '/api/v1/operator/commissions', {
      defaultRateBp: 800,
      byCategory: {},
      byStore: [],
    })
    expect(first.statusCode, first.body).toBe(200)
    const second = await asOperator('PUT', '/api/v1/operator/commissions', {
      defaultRateBp: 900,
      byCategory: { almacen: 500 },
      byStore: [{ storeId: seller.store._id, rateBp: 300 }],
    })
    expect(second.statusCode, second.body).toBe(200)
    const all = await entries('commissions.updated', 'default')
    expect(all).toHaveLength(2)
    expect(all[1]).toMatchObject({
      actorId: operator.id,
      actorType: 'operator',
      storeId: null,
      targetType: 'commission_settings',
      before: { defaultRateBp: 800, byCategory: {}, byStore: [] },
      after: {
        defaultRateBp: 900,
        byCategory: { almacen: 500 },
        byStore: [expect.objectContaining({ storeId: seller.store._id, rateBp: 300 })],
      },
    })
    const refused = await asOperator('PUT', '/api/v1/operator/commissions', {
      defaultRateBp: 700,
      byCategory: {},
      byStore: [{ storeId: randomUUID(), rateBp: 100 }],
    })
    expect(refused.statusCode).toBe(400)
    expect(await entries('commissions.updated', 'default')).toHaveLength(2)
  })
})

describe('sensitive seller actions', () => {
  test('team: invitation, role change, removal and revocation, by the owner as seller', async () => {
    const owner = await signedInSeller(app)
    const member = await teamMember(app, owner, 'staff')
    const invited = await entries('team.member_invited', member.invitationId)
    expect(invited).toEqual([
      expect.objectContaining({
        actorId: owner.user._id,
        actorType: 'seller',
        storeId: owner.store._id,
        before: null,
        after: { email: member.user.email, role: 'staff' },
      }),
    ])
    const team = (
      await app.inject({
        method: 'GET',
        url: '/api/v1/admin/collaborators',
        headers: owner.headers,
      })
    ).json() as { docs: Array<{ _id: string; userId: string | null; email: string }> }
    const membership = team.docs.find((d) => d.userId === member.user._id)!
    const promote = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/collaborators/${membership._id}`,
      headers: owner.headers,
      payload: { role: 'manager' },
    })
    expect(promote.statusCode, promote.body).toBe(200)
    expect(await entries('team.role_changed', membership._id)).toEqual([
      expect.objectContaining({
        actorType: 'seller',
        before: { email: member.user.email, role: 'staff' },
        after: { email: member.user.email, role: 'manager' },
      }),
    ])
    // The same role again changes nothing: no entry.
    await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/collaborators/${membership._id}`,
      headers: owner.headers,
      payload: { role: 'manager' },
    })
    expect(await entries('team.role_changed', membership._id)).toHaveLength(1)

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/collaborators/${membership._id}`,
      headers: owner.headers,
    })
    expect(removed.statusCode).toBe(204)
    expect(await entries('team.member_removed', membership._id)).toEqual([
      expect.objectContaining({
        before: expect.objectContaining({ email: member.user.email, role: 'manager' }),
        after: null,
      }),
    ])

    const pending = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/collaborators',
      headers: owner.headers,
      payload: { email: `nadie-${randomUUID().slice(0, 6)}@example.com`, role: 'staff' },
    })
    expect(pending.statusCode).toBe(201)
    const invitationId = pending.json()._id as string
    // The same address again is refused (409): still one invitation entry.
    const twice = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/collaborators',
      headers: owner.headers,
      payload: { email: pending.json().email, role: 'staff' },
    })
    expect(twice.statusCode).toBe(409)
    expect(await entries('team.member_invited', invitationId)).toHaveLength(1)
    await app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/collaborators/${invitationId}`,
      headers: owner.headers,
    })
    expect(await entries('team.invitation_revoked', invitationId)).toHaveLength(1)
  })

  test('payment settings: the Mercado Pago token is masked in before and after', async () => {
    const seller = await signedInSeller(app)
    const save = (payload: object) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/admin/store_settings_payment_methods',
        headers: seller.headers,
        payload,
      })
    const bad = await save({ method: 'bank_transfer', details: { cbu: '123', holder: 'Ana' } })
    expect(bad.statusCode).toBe(400)
    const first = await save({
      method: 'mercado_pago',
      enabled: true,
      details: { accessToken: TOKEN },
    })
    expect(first.statusCode, first.body).toBe(200)
    const methodId = first.json()._id as string
    const off = await save({ method: 'mercado_pago', enabled: false, details: {} })
    expect(off.statusCode, off.body).toBe(200)
    const all = await entries('payments.settings_updated', methodId)
    expect(all).toHaveLength(2)
    expect(all[0]).toMatchObject({
      actorId: seller.user._id,
      actorType: 'seller',
      storeId: seller.store._id,
      before: null,
      after: { method: 'mercado_pago', enabled: true, details: { accessToken: '••••7654' } },
    })
    expect(all[1]).toMatchObject({
      before: { enabled: true, details: { accessToken: '••••7654' } },
      after: { enabled: false, details: { accessToken: '••••7654' } },
    })
    const [raw] = await app.db
      .execute<{ text: string }>(
        sql`select string_agg(before::text || after::text, ' ') as text from audit_log where target_id = ${methodId}`,
      )
      .then((r) => r.rows)
    expect(raw!.text).not.toContain(TOKEN)

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/store_settings_payment_methods/${methodId}`,
      headers: seller.headers,
    })
    expect(removed.statusCode).toBe(204)
    expect(await entries('payments.method_removed', methodId)).toEqual([
      expect.objectContaining({
        before: expect.objectContaining({
          details: { accessToken: '••••7654', account: expect.anything() },
        }),
        after: null,
      }),
    ])
  })

  test('a refund records the amounts before and after; a refused refund records nothing', async () => {
    const shop = await shopForCheckout(app, { stock: 100 })
    const customer = await customerWithAddress(app)
    const checkoutId = await readyToConfirm(
      app,
      customer,
      [{ variantId: shop.manteca._id, quantity: 2 }],
      { deliveryType: 'pickup', paymentMethod: 'cash' },
    )
    const confirmed = await app.inject({
      method: 'POST',
      url: `/api/v1/checkout/${checkoutId}/confirm`,
      headers: customer.headers,
    })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    const order = confirmed.json().order as { _id: string; total: number }
    const post = (url: string, payload?: object) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${order._id}${url}`,
        headers: shop.seller.headers,
        ...(payload ? { payload } : {}),
      })
    expect((await post('/refund')).statusCode).toBe(409)
    expect(await entries('order.refunded', order._id)).toEqual([])
    expect((await post('/mark-as-paid')).statusCode).toBe(200)
    const refunded = await post('/refund', { amount: 1000 })
    expect(refunded.statusCode, refunded.body).toBe(200)
    expect(await entries('order.refunded', order._id)).toEqual([
      expect.objectContaining({
        actorId: shop.seller.user._id,
        actorType: 'seller',
        storeId: shop.seller.store._id,
        targetType: 'order',
        before: expect.objectContaining({ paymentStatus: 'paid', refundedAmount: 0 }),
        after: expect.objectContaining({
          paymentStatus: 'partially_refunded',
          refundedAmount: 1000,
          amount: 1000,
        }),
      }),
    ])
  })

  test('a price change over 30 % (up or down) is recorded with both prices, by seller or staff; smaller ones are not', async () => {
    const seller = await signedInSeller(app)
    const product = await productOf(seller, 100000)
    const variant = product.variants[0]!
    const update = (price: number) =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/admin/products/${product._id}`,
        headers: seller.headers,
        payload: {
          title: product.title,
          status: 'active',
          variants: [{ _id: variant._id, price, stock: variant.stock }],
        },
      })
    expect((await update(130000)).statusCode).toBe(200) // +30 %: not more than 30 %
    expect(await entries('products.price_changed', product._id)).toEqual([])
    expect((await update(200000)).statusCode).toBe(200) // +53.8 %
    expect((await update(100000)).statusCode).toBe(200) // -50 %
    const all = await entries('products.price_changed', product._id)
    expect(all).toHaveLength(2)
    expect(all[0]).toMatchObject({
      actorId: seller.user._id,
      actorType: 'seller',
      storeId: seller.store._id,
      before: { variants: [{ id: variant._id, priceCents: 130000 }] },
      after: { variants: [{ id: variant._id, priceCents: 200000 }] },
    })
    expect(all[1]).toMatchObject({
      before: { variants: [{ priceCents: 200000 }] },
      after: { variants: [{ priceCents: 100000 }] },
    })
    // A manager of the team (not the owner) is recorded as staff.
    const manager = await teamMember(app, seller, 'manager')
    const byManager = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/products/${product._id}`,
      headers: manager.headers,
      payload: {
        title: product.title,
        status: 'active',
        variants: [{ _id: variant._id, price: 40000, stock: variant.stock }],
      },
    })
    expect(byManager.statusCode, byManager.body).toBe(200)
    const afterManager = await entries('products.price_changed', product._id)
    expect(afterManager).toHaveLength(3)
    expect(afterManager[2]).toMatchObject({
      actorId: manager.user._id,
      actorType: 'staff',
      storeId: seller.store._id,
      before: { variants: [{ priceCents: 100000 }] },
      after: { variants: [{ priceCents: 40000 }] },
    })
    // A refused update (a negative price) records nothing.
    expect((await update(-5)).statusCode).toBe(400)
    expect(await entries('products.price_changed', product._id)).toHaveLength(3)
  })
})

describe('the same transaction', () => {
  test('an entry recorded in a transaction that rolls back is gone with it', async () => {
    const before = await countAll()
    const targetId = randomUUID()
    await expect(
      app.db.transaction(async (tx) => {
        await app.auditService.record(tx, {
          actorId: operator.id,
          actorType: 'operator',
          action: 'store.suspended',
          target: { type: 'store', id: targetId },
          after: { reason: 'x' },
        })
        throw new Error('the action failed after its entry')
      }),
    ).rejects.toThrow('the action failed')
    expect(await entries('store.suspended', targetId)).toEqual([])
    expect(await countAll()).toBe(before)
  })
})

describe('masking', () => {
  test('every credential key, at any depth, keeps at most its last 4 characters', () => {
    expect(
      maskSecrets({
        accessToken: 'APP_USR-1234567890-abcd',
        nested: {
          refresh_token: 'TG-0000000000-9999',
          webhookSecret: 'short',
          cbu: '0110599520000001234567',
        },
        list: [{ clientSecret: 'abcdefghijklmnop' }],
        at: new Date('2026-11-29T12:00:00Z'),
        password: null,
      }),
    ).toEqual({
      accessToken: '••••abcd',
      nested: { refresh_token: '••••9999', webhookSecret: '••••', cbu: '0110599520000001234567' },
      list: [{ clientSecret: '••••mnop' }],
      at: '2026-11-29T12:00:00.000Z',
      password: null,
    })
  })
})

describe('GET /api/v1/operator/audit', () => {
  test('operators only', async () => {
    const customer = await signedInCustomer(app)
    const seller = await signedInSeller(app)
    expect((await app.inject({ method: 'GET', url: '/api/v1/operator/audit' })).statusCode).toBe(
      401,
    )
    for (const cookie of [customer.cookie, seller.cookie])
      expect(
        (await app.inject({ method: 'GET', url: '/api/v1/operator/audit', headers: { cookie } }))
          .statusCode,
      ).toBe(403)
  })

  test('newest first with actor e-mail and store name; filters plain or in query; pages', async () => {
    const word = `audit${randomUUID().slice(0, 6).replace(/\d/g, 'q')}`
    const seller = await signedInSeller(app, { name: `Despensa ${word}` })
    const storeId = seller.store._id
    for (const reason of ['Primera vez', 'Segunda vez', 'Tercera vez'])
      expect(
        (await asOperator('POST', `/api/v1/operator/stores/${storeId}/suspend`, { reason }))
          .statusCode,
      ).toBe(200)
    await asOperator('POST', `/api/v1/operator/stores/${storeId}/unsuspend`)

    const list = (query: string) => asOperator('GET', `/api/v1/operator/audit${query}`)
    const byStore = await list(`?storeId=${storeId}&limit=2`)
    expect(byStore.statusCode, byStore.body).toBe(200)
    const page1 = byStore.json()
    expect(page1).toMatchObject({
      totalDocs: 4,
      page: 1,
      limit: 2,
      totalPages: 2,
      hasNextPage: true,
    })
    expect(page1.docs.map((d: { action: string }) => d.action)).toEqual([
      'store.unsuspended',
      'store.suspended',
    ])
    expect(page1.docs[0]).toMatchObject({
      actor: { _id: operator.id, email: operator.email, type: 'operator' },
      store: { _id: storeId, name: `Despensa ${word}` },
      target: { type: 'store', id: storeId },
    })
    const page2 = (await list(`?storeId=${storeId}&limit=2&page=2`)).json()
    expect(
      page2.docs.map((d: { after: { suspensionReason: string } }) => d.after.suspensionReason),
    ).toEqual(['Segunda vez', 'Primera vez'])

    // By store name (accents and case ignored), by action, by the actor's e-mail, by JSON query.
    const byName = (await list(`?store=${word.toUpperCase()}&action=store.suspended`)).json()
    expect(byName.totalDocs).toBe(3)
    const json = encodeURIComponent(JSON.stringify({ store: word, action: 'store.unsuspended' }))
    expect((await list(`?query=${json}`)).json().totalDocs).toBe(1)
    // A plain parameter wins over the same one in query.
    expect((await list(`?query=${json}&action=store.suspended`)).json().totalDocs).toBe(3)
    const byActor = (
      await list(`?actorEmail=${encodeURIComponent(operator.email.toUpperCase())}&store=${word}`)
    ).json()
    expect(byActor.totalDocs).toBe(4)
    expect((await list(`?actorEmail=nadie-${word}@example.com`)).json().totalDocs).toBe(0)

    // Buenos Aires days: today (in Buenos Aires) holds them; yesterday does not.
    const today = new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 10)
    const yesterday = new Date(Date.now() - 27 * 3600_000).toISOString().slice(0, 10)
    expect((await list(`?storeId=${storeId}&from=${today}&to=${today}`)).json().totalDocs).toBe(4)
    expect((await list(`?storeId=${storeId}&to=${yesterday}`)).json().totalDocs).toBe(0)
    expect((await list(`?storeId=${storeId}&from=${yesterday}`)).json().totalDocs).toBe(4)

    // Bad filters are 400 with the field named.
    const badAction = await list('?action=store.exploded')
    expect(badAction.statusCode).toBe(400)
    const badJson = await list(`?query=${encodeURIComponent('{"action":')}`)
    expect(badJson.statusCode).toBe(400)
    expect(badJson.json()).toMatchObject({ code: 'INVALID', errors: [{ name: 'query' }] })
    const badDay = await list('?from=2026-02-30')
    expect(badDay.statusCode).toBe(400)
  })

  test('the newest entry of all comes first without filters', async () => {
    const seller = await signedInSeller(app)
    await asOperator('POST', `/api/v1/operator/stores/${seller.store._id}/suspend`, {
      reason: 'La más reciente',
    })
    const all = (await asOperator('GET', '/api/v1/operator/audit?limit=1')).json()
    expect(all.docs[0]).toMatchObject({
      action: 'store.suspended',
      store: { _id: seller.store._id },
    })
    const [newest] = await app.db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(1)
    expect(all.docs[0]._id).toBe(newest!.id)
  })
})

describe('GET /api/v1/operator/stores/{id}/products', () => {
  test("a store's products with their moderation, searchable; 404 for an unknown store", async () => {
    const seller = await signedInSeller(app)
    const product = await productOf(seller, 250000)
    await asOperator('POST', `/api/v1/operator/products/${product._id}/hide`, {
      reason: 'Revisión',
    })
    const res = await asOperator(
      'GET',
      `/api/v1/operator/stores/${seller.store._id}/products?q=yerba`,
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      totalDocs: 1,
      docs: [
        {
          _id: product._id,
          title: 'Yerba Suave',
          status: 'active',
          priceCents: 250000,
          hidden: { reason: 'Revisión' },
        },
      ],
    })
    const none = await asOperator(
      'GET',
      `/api/v1/operator/stores/${seller.store._id}/products?q=fideos`,
    )
    expect(none.json().totalDocs).toBe(0)
    expect(
      (await asOperator('GET', `/api/v1/operator/stores/${randomUUID()}/products`)).statusCode,
    ).toBe(404)
  })
})
