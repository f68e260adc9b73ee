// Mercado Pago as a marketplace (issue 24, decision 049): a store connects its account through
// OAuth against the loopback fake (authorization URL and state, code exchange, tokens sealed at
// rest, refresh before they end, disconnection), and its preferences carry the order's commission
// as `marketplace_fee`, which the statements count as collected; stores with a pasted token keep
// working without a fee.
import { createHash } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { auditLog } from '../../db/schema/audit.ts'
import { commissionStoreRates } from '../../db/schema/commissions.ts'
import {
  mercadoPagoOAuthStates,
  storeMercadoPagoConnections,
} from '../../db/schema/mercado-pago.ts'
import { orders } from '../../db/schema/ordering.ts'
import { centsToPesos } from '../../integrations/mercado-pago.ts'
import { buenosAiresDay } from '../../lib/buenos-aires-day.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  confirmOrder,
  customerWithAddress,
  shopForCheckout,
  signedInCustomer,
  signedInSeller,
  teamMember,
} from '../../../test/factories.ts'
import {
  FAKE_MP_APP,
  FAKE_MP_SELLER_USER_ID,
  startFakeMercadoPago,
} from '../../../test/fake-mercado-pago.ts'

const PASTED = 'APP_USR-pegado-0000000000'
const SECRET = 'webhook-secret-123'
const PUBLIC_URL = 'https://barrio.example'
const CALLBACK = `${PUBLIC_URL}/api/v1/payments/mercadopago/oauth/callback`
const SETTINGS = `${PUBLIC_URL}/admin/settings/payment-methods`
const DAY_MS = 24 * 60 * 60 * 1000

let app: TestApp
let mp: Awaited<ReturnType<typeof startFakeMercadoPago>>

beforeAll(async () => {
  mp = await startFakeMercadoPago({ accessToken: PASTED, webhookSecret: SECRET })
  app = await buildTestApp({
    MP_API_URL: mp.baseUrl,
    MP_WEBHOOK_SECRET: SECRET,
    PUBLIC_URL,
    MP_CLIENT_ID: FAKE_MP_APP.clientId,
    MP_CLIENT_SECRET: FAKE_MP_APP.clientSecret,
    MP_AUTH_URL: 'https://auth.mercadopago.example/authorization',
  })
}, 60_000)
afterAll(async () => {
  await app.close()
  await mp.close()
})

type Seller = { cookie: string; headers: Record<string, string> }

const connectUrl = (headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: '/api/v1/admin/payments/mercadopago/connect', headers })

const callback = (query: Record<string, string>, cookie?: string) =>
  app.inject({
    method: 'GET',
    url: `/api/v1/payments/mercadopago/oauth/callback?${new URLSearchParams(query).toString()}`,
    headers: cookie ? { cookie } : {},
  })

async function stateFor(seller: Seller) {
  const res = await connectUrl(seller.headers)
  expect(res.statusCode, res.body).toBe(200)
  return new URL(res.json().authorizationUrl).searchParams.get('state')!
}

/** The seller goes through Mercado Pago's page and comes back: the store is connected. */
async function connect(seller: Seller) {
  const state = await stateFor(seller)
  const res = await callback({ code: mp.authorize(CALLBACK), state }, seller.cookie)
  expect(res.statusCode, res.body).toBe(302)
  expect(res.headers.location).toBe(`${SETTINGS}?mercadoPago=connected`)
}

const connectionOf = async (storeId: string) =>
  (
    await app.db
      .select()
      .from(storeMercadoPagoConnections)
      .where(eq(storeMercadoPagoConnections.storeId, storeId))
  )[0] ?? null

/** A customer orders one Manteca (600000 centavos) paid with Mercado Pago. */
async function mercadoPagoOrder(shop: Awaited<ReturnType<typeof shopForCheckout>>) {
  const c = await customerWithAddress(app)
  const { response } = await confirmOrder(app, c, [{ variantId: shop.manteca._id, quantity: 1 }], {
    deliveryType: 'pickup',
    paymentMethod: 'mercado_pago',
  })
  expect(response.statusCode, response.body).toBe(200)
  const order = response.json().order as { _id: string; total: number }
  const pref = [...mp.preferences.entries()].find(([, p]) => p.external_reference === order._id)
  return { c, order, checkoutUrl: response.json().checkoutUrl as string | null, pref }
}

const storedOrder = async (id: string) =>
  (await app.db.select().from(orders).where(eq(orders.id, id)))[0]!

async function notifyPaid(
  orderId: string,
  total: number,
  paymentId: string,
  feeDetails?: Array<{ type: string; amount: number }>,
) {
  mp.payments.set(paymentId, {
    status: 'approved',
    transaction_amount: total / 100,
    external_reference: orderId,
    ...(feeDetails && { fee_details: feeDetails }),
  })
  const n = mp.signedNotification(paymentId)
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/payments/mercadopago/webhook?orderId=${orderId}&${n.query}`,
    headers: n.headers,
    payload: n.payload,
  })
  expect(res.statusCode, res.body).toBe(200)
}

describe('centavos to Mercado Pago pesos', () => {
  test('integer centavos become the exact decimal pesos', () => {
    expect(centsToPesos(12345)).toBe(123.45)
    expect(centsToPesos(5)).toBe(0.05)
    expect(centsToPesos(100)).toBe(1)
    expect(centsToPesos(0)).toBe(0)
    expect(centsToPesos(74040)).toBe(740.4)
    expect(JSON.stringify({ fee: centsToPesos(1999999) })).toBe('{"fee":19999.99}')
    expect(() => centsToPesos(10.5)).toThrow()
  })
})

describe('connecting a store with OAuth', () => {
  test('the authorization URL carries the application, the callback and a one-use state kept hashed', async () => {
    const seller = await signedInSeller(app)
    const res = await connectUrl(seller.headers)
    expect(res.statusCode, res.body).toBe(200)
    const url = new URL(res.json().authorizationUrl)
    expect(`${url.origin}${url.pathname}`).toBe('https://auth.mercadopago.example/authorization')
    expect(url.searchParams.get('client_id')).toBe(FAKE_MP_APP.clientId)
    expect(url.searchParams.get('response_type')).toBe('code')
    expect(url.searchParams.get('platform_id')).toBe('mp')
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK)
    const state = url.searchParams.get('state')!
    expect(state.length).toBeGreaterThanOrEqual(40)
    const rows = await app.db
      .select()
      .from(mercadoPagoOAuthStates)
      .where(eq(mercadoPagoOAuthStates.storeId, seller.store._id))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.stateHash).toBe(createHash('sha256').update(state).digest('hex'))
    expect(rows[0]!.userId).toBe(seller.user._id)
  })

  test('the callback exchanges the code, seals the tokens and turns Mercado Pago on', async () => {
    const seller = await signedInSeller(app)
    const state = await stateFor(seller)
    const code = mp.authorize(CALLBACK)
    const res = await callback({ code, state }, seller.cookie)
    expect(res.statusCode, res.body).toBe(302)
    expect(res.headers.location).toBe(`${SETTINGS}?mercadoPago=connected`)
    expect(mp.tokenCalls.at(-1)).toEqual({
      client_id: FAKE_MP_APP.clientId,
      client_secret: FAKE_MP_APP.clientSecret,
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
    })

    const row = (await connectionOf(seller.store._id))!
    expect(row.mpUserId).toBe(String(FAKE_MP_SELLER_USER_ID))
    expect(row.publicKey).toBe(`APP_USR-pk-${FAKE_MP_SELLER_USER_ID}`)
    expect(row.connectedBy).toBe(seller.user._id)
    const days = (row.expiresAt.getTime() - Date.now()) / DAY_MS
    expect(days).toBeGreaterThan(179)
    expect(days).toBeLessThanOrEqual(180)
    // Sealed at rest: no token in clear anywhere in the row.
    const raw = await app.db.execute(
      sql`select row_to_json(c)::text as json from store_mercado_pago_connections c where store_id = ${seller.store._id}`,
    )
    const json = String((raw.rows[0] as { json: string }).json)
    expect(json).not.toMatch(/APP_USR-oauth-|TG-[0-9a-f]{8}-/)
    expect(row.accessTokenSealed.startsWith('v1.')).toBe(true)

    const status = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/payments/mercadopago/connection',
      headers: seller.headers,
    })
    expect(status.statusCode).toBe(200)
    expect(status.json()).toEqual({
      available: true,
      connected: true,
      mpUserId: String(FAKE_MP_SELLER_USER_ID),
      connectedAt: row.connectedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      pastedToken: false,
    })
    const methods = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/store_settings_payment_methods',
      headers: seller.headers,
    })
    const mercadoPago = methods.json().find((m: { method: string }) => m.method === 'mercado_pago')
    expect(mercadoPago).toMatchObject({
      enabled: true,
      details: { connected: true, oauth: true },
    })
    expect(JSON.stringify(methods.json())).not.toMatch(/APP_USR-oauth-/)
  })

  test('a replayed, unknown or someone else’s state is refused, and so is a code Mercado Pago does not know', async () => {
    const seller = await signedInSeller(app)
    const state = await stateFor(seller)
    await callback({ code: mp.authorize(CALLBACK), state }, seller.cookie)
    const error = (reason: string) => `${SETTINGS}?mercadoPago=error&reason=${reason}`

    const calls = mp.tokenCalls.length
    const replay = await callback({ code: mp.authorize(CALLBACK), state }, seller.cookie)
    expect(replay.headers.location).toBe(error('state'))
    const unknown = await callback(
      { code: mp.authorize(CALLBACK), state: 'x'.repeat(43) },
      seller.cookie,
    )
    expect(unknown.headers.location).toBe(error('state'))

    // Bound to the seller who asked: another signed-in person, or nobody, cannot use it.
    const other = await signedInSeller(app)
    const stolen = await stateFor(seller)
    expect(
      (await callback({ code: mp.authorize(CALLBACK), state: stolen }, other.cookie)).headers
        .location,
    ).toBe(error('state'))
    const anonymous = await stateFor(seller)
    expect(
      (await callback({ code: mp.authorize(CALLBACK), state: anonymous })).headers.location,
    ).toBe(error('state'))
    // Refused states never reach Mercado Pago.
    expect(mp.tokenCalls.length).toBe(calls)

    // A state past its 15 minutes.
    const old = await stateFor(seller)
    await app.db
      .update(mercadoPagoOAuthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mercadoPagoOAuthStates.stateHash, createHash('sha256').update(old).digest('hex')))
    expect(
      (await callback({ code: mp.authorize(CALLBACK), state: old }, seller.cookie)).headers
        .location,
    ).toBe(error('state'))

    // Mercado Pago refuses a code it never issued (or one issued for another redirect URI).
    const fresh = await signedInSeller(app)
    const refused = await callback(
      { code: mp.authorize('https://otro.example/callback'), state: await stateFor(fresh) },
      fresh.cookie,
    )
    expect(refused.headers.location).toBe(error('refused'))
    expect(await connectionOf(fresh.store._id)).toBeNull()
    // The seller declined on Mercado Pago's page: no code.
    const declined = await callback(
      { error: 'access_denied', state: await stateFor(fresh) },
      fresh.cookie,
    )
    expect(declined.headers.location).toBe(error('denied'))
  })

  test('only the owner or a manager connects or disconnects; staff and customers are refused', async () => {
    const owner = await signedInSeller(app)
    const staff = await teamMember(app, owner, 'staff')
    const manager = await teamMember(app, owner, 'manager')
    for (const res of [
      await connectUrl(staff.headers),
      await app.inject({
        method: 'DELETE',
        url: '/api/v1/admin/payments/mercadopago/connection',
        headers: staff.headers,
      }),
      await app.inject({
        method: 'GET',
        url: '/api/v1/admin/payments/mercadopago/connection',
        headers: staff.headers,
      }),
    ]) {
      expect(res.statusCode).toBe(403)
      expect(res.json().code).toBe('ROLE_NOT_ALLOWED')
    }
    const customer = await signedInCustomer(app)
    const asCustomer = await connectUrl({ cookie: customer.cookie, 'x-store-id': owner.store._id })
    expect(asCustomer.statusCode).toBe(403)
    // A seller of another store cannot start a connection for this one.
    const stranger = await signedInSeller(app)
    const foreign = await connectUrl({ cookie: stranger.cookie, 'x-store-id': owner.store._id })
    expect(foreign.statusCode).toBe(403)
    expect((await connectUrl({})).statusCode).toBe(401)
    // The manager may.
    await connect(manager)
    expect((await connectionOf(owner.store._id))?.connectedBy).toBe(manager.user._id)
  })

  test('disconnecting forgets the tokens and turns Mercado Pago off when no pasted token is left', async () => {
    const seller = await signedInSeller(app)
    await connect(seller)
    const del = () =>
      app.inject({
        method: 'DELETE',
        url: '/api/v1/admin/payments/mercadopago/connection',
        headers: seller.headers,
      })
    expect((await del()).statusCode).toBe(204)
    expect(await connectionOf(seller.store._id)).toBeNull()
    const status = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/payments/mercadopago/connection',
      headers: seller.headers,
    })
    expect(status.json()).toMatchObject({ connected: false, mpUserId: null })
    const methods = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/store_settings_payment_methods',
      headers: seller.headers,
    })
    expect(
      methods.json().find((m: { method: string }) => m.method === 'mercado_pago'),
    ).toMatchObject({ enabled: false, details: { connected: false, oauth: false } })
    // Both are payment settings in the audit log, with who did them and no token (decision 047).
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.storeId, seller.store._id))
    expect(audit.map((a) => [a.action, a.targetType, a.actorId, a.before, a.after])).toEqual(
      expect.arrayContaining([
        [
          'payments.settings_updated',
          'mercado_pago_connection',
          seller.user._id,
          null,
          { method: 'mercado_pago', oauth: true, mpUserId: String(FAKE_MP_SELLER_USER_ID) },
        ],
        [
          'payments.method_removed',
          'mercado_pago_connection',
          seller.user._id,
          { method: 'mercado_pago', oauth: true, mpUserId: String(FAKE_MP_SELLER_USER_ID) },
          null,
        ],
      ]),
    )
    expect(JSON.stringify(audit)).not.toMatch(/APP_USR-oauth-|TG-/)
    const again = await del()
    expect(again.statusCode).toBe(404)
    expect(again.json().message).toMatch(/no tiene una cuenta de Mercado Pago conectada/)
  })
})

describe('preferences of a connected store', () => {
  test('carry the order’s commission as marketplace_fee, and the statement counts it as collected', async () => {
    const shop = await shopForCheckout(app, { methods: [{ method: 'cash' }] })
    await app.db
      .insert(commissionStoreRates)
      .values({ storeId: shop.seller.store._id, rateBp: 1234 })
    await connect(shop.seller)
    const { order, checkoutUrl, pref } = await mercadoPagoOrder(shop)
    expect(checkoutUrl).toMatch(/pref_id=pref-/)
    const stored = await storedOrder(order._id)
    // 12,34 % of the 600000-centavo subtotal, half up: 74040 centavos = $740,40.
    expect(stored.commission).toBe(74040)
    expect(pref).toBeDefined()
    const [prefId, body] = pref!
    expect(body.marketplace_fee).toBe(740.4)
    expect(Math.round(body.marketplace_fee! * 100)).toBe(stored.commission)
    expect(mp.isOAuthToken(mp.preferenceTokens.get(prefId)!)).toBe(true)
    expect((stored.paymentDetails as { marketplaceFee?: number }).marketplaceFee).toBe(74040)

    // Paid: Mercado Pago kept the fee for Barrio, so nothing is owed for this order.
    await notifyPaid(order._id, order.total, '7001')
    const month = buenosAiresDay(stored.createdAt).slice(0, 7)
    const statement = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/statements?month=${month}`,
      headers: shop.seller.headers,
    })
    expect(statement.statusCode, statement.body).toBe(200)
    expect(statement.json()).toMatchObject({ commission: 74040, collected: 74040, balance: 0 })
    expect(statement.json().lines[0]).toMatchObject({ commission: 74040, collected: 74040 })
  })

  test('a token near its end is refreshed before the preference, with the refresh grant', async () => {
    const shop = await shopForCheckout(app, { methods: [{ method: 'cash' }] })
    await connect(shop.seller)
    const before = (await connectionOf(shop.seller.store._id))!
    await app.db
      .update(storeMercadoPagoConnections)
      .set({ expiresAt: new Date(Date.now() + 10 * DAY_MS) })
      .where(eq(storeMercadoPagoConnections.storeId, shop.seller.store._id))
    const calls = mp.tokenCalls.length
    const { pref } = await mercadoPagoOrder(shop)
    expect(mp.tokenCalls.slice(calls)).toEqual([
      expect.objectContaining({ grant_type: 'refresh_token', client_id: FAKE_MP_APP.clientId }),
    ])
    const after = (await connectionOf(shop.seller.store._id))!
    expect(after.refreshedAt).not.toBeNull()
    expect(after.accessTokenSealed).not.toBe(before.accessTokenSealed)
    expect(after.refreshTokenSealed).not.toBe(before.refreshTokenSealed)
    expect((after.expiresAt.getTime() - Date.now()) / DAY_MS).toBeGreaterThan(179)
    // The preference went out with the new token, and a second order needs no refresh.
    expect(mp.isOAuthToken(mp.preferenceTokens.get(pref![0])!)).toBe(true)
    await mercadoPagoOrder(shop)
    expect(mp.tokenCalls.length).toBe(calls + 1)
  })

  test('the periodic job refreshes every connection that is due, and only those', async () => {
    const due = await signedInSeller(app)
    const fine = await signedInSeller(app)
    await connect(due)
    await connect(fine)
    await app.db
      .update(storeMercadoPagoConnections)
      .set({ expiresAt: new Date(Date.now() + 3 * DAY_MS) })
      .where(eq(storeMercadoPagoConnections.storeId, due.store._id))
    await app.mercadoPagoConnectionService.refreshDueConnections()
    expect((await connectionOf(due.store._id))!.refreshedAt).not.toBeNull()
    expect((await connectionOf(fine.store._id))!.refreshedAt).toBeNull()
  })

  test('a store with a pasted token keeps charging with it, without a fee: the commission stays owed', async () => {
    const shop = await shopForCheckout(app, {
      methods: [{ method: 'cash' }, { method: 'mercado_pago', details: { accessToken: PASTED } }],
    })
    await app.db
      .insert(commissionStoreRates)
      .values({ storeId: shop.seller.store._id, rateBp: 800 })
    const { order, checkoutUrl, pref } = await mercadoPagoOrder(shop)
    expect(checkoutUrl).toMatch(/pref_id=pref-/)
    expect(pref![1]).not.toHaveProperty('marketplace_fee')
    expect(mp.preferenceTokens.get(pref![0])).toBe(PASTED)
    const stored = await storedOrder(order._id)
    expect(stored.commission).toBe(48000)
    expect((stored.paymentDetails as { marketplaceFee?: unknown }).marketplaceFee).toBeNull()

    await notifyPaid(order._id, order.total, '7002')
    const month = buenosAiresDay(stored.createdAt).slice(0, 7)
    const statement = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/statements?month=${month}`,
      headers: shop.seller.headers,
    })
    expect(statement.json()).toMatchObject({ commission: 48000, collected: 0, balance: 48000 })
    const status = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/payments/mercadopago/connection',
      headers: shop.seller.headers,
    })
    expect(status.json()).toMatchObject({ connected: false, pastedToken: true })

    // Once it connects, the next order goes through the OAuth account with the fee.
    await connect(shop.seller)
    const next = await mercadoPagoOrder(shop)
    expect(next.pref![1].marketplace_fee).toBe(480)
    expect(mp.isOAuthToken(mp.preferenceTokens.get(next.pref![0])!)).toBe(true)
  })
})

describe('what Mercado Pago reports keeping', () => {
  test('the payment’s application_fee is what the statement counts as collected', async () => {
    const shop = await shopForCheckout(app, { methods: [{ method: 'cash' }] })
    await app.db
      .insert(commissionStoreRates)
      .values({ storeId: shop.seller.store._id, rateBp: 1000 })
    await connect(shop.seller)
    // Two orders whose preferences carried a $600 fee: Mercado Pago reports keeping it on the
    // first; the second was paid with a link that carried none (its fees list no application_fee).
    const kept = await mercadoPagoOrder(shop)
    const notKept = await mercadoPagoOrder(shop)
    expect(kept.pref![1].marketplace_fee).toBe(600)
    await notifyPaid(kept.order._id, kept.order.total, '7201', [
      { type: 'mercadopago_fee', amount: 383.4 },
      { type: 'application_fee', amount: 600 },
    ])
    await notifyPaid(notKept.order._id, notKept.order.total, '7202', [
      { type: 'mercadopago_fee', amount: 383.4 },
    ])
    expect(
      ((await storedOrder(kept.order._id)).paymentDetails as Record<string, unknown>)
        .marketplaceFeeCollected,
    ).toBe(60000)
    const month = buenosAiresDay((await storedOrder(kept.order._id)).createdAt).slice(0, 7)
    const statement = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/statements?month=${month}`,
      headers: shop.seller.headers,
    })
    expect(statement.json()).toMatchObject({ commission: 120000, collected: 60000, balance: 60000 })
    const lines = statement.json().lines as Array<{ _id: string; collected: number }>
    expect(lines.find((l) => l._id === kept.order._id)?.collected).toBe(60000)
    expect(lines.find((l) => l._id === notKept.order._id)?.collected).toBe(0)
  })
})

describe('the account an order’s payment lives in', () => {
  test('after connecting, webhooks and refunds of orders paid with the pasted token still use it; new orders use the connection', async () => {
    const shop = await shopForCheckout(app, {
      methods: [{ method: 'cash' }, { method: 'mercado_pago', details: { accessToken: PASTED } }],
    })
    const old = await mercadoPagoOrder(shop)
    await notifyPaid(old.order._id, old.order.total, '7101')
    await connect(shop.seller)
    const fresh = await mercadoPagoOrder(shop)
    const oauthToken = mp.preferenceTokens.get(fresh.pref![0])!
    expect(mp.isOAuthToken(oauthToken)).toBe(true)
    await notifyPaid(fresh.order._id, fresh.order.total, '7102')

    const tokenOf = (method: string, path: string) =>
      mp.requests.filter((r) => r.method === method && r.path === path).at(-1)?.token
    expect(tokenOf('GET', '/v1/payments/7101')).toBe(PASTED)
    expect(tokenOf('GET', '/v1/payments/7102')).toBe(oauthToken)

    const refund = (orderId: string) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/admin/orders/${orderId}/refund`,
        headers: shop.seller.headers,
        payload: { amount: 10000 },
      })
    const oldRefund = await refund(old.order._id)
    expect(oldRefund.statusCode, oldRefund.body).toBe(200)
    expect(tokenOf('POST', '/v1/payments/7101/refunds')).toBe(PASTED)
    const freshRefund = await refund(fresh.order._id)
    expect(freshRefund.statusCode, freshRefund.body).toBe(200)
    expect(tokenOf('POST', '/v1/payments/7102/refunds')).toBe(oauthToken)
  })
})

describe('tokens sealed under another secret', () => {
  test('are not used: the store falls back to its pasted token, and the order still stands', async () => {
    const shop = await shopForCheckout(app, {
      methods: [{ method: 'cash' }, { method: 'mercado_pago', details: { accessToken: PASTED } }],
    })
    await connect(shop.seller)
    await app.db
      .update(storeMercadoPagoConnections)
      .set({ accessTokenSealed: 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA' })
      .where(eq(storeMercadoPagoConnections.storeId, shop.seller.store._id))
    const { pref } = await mercadoPagoOrder(shop)
    expect(mp.preferenceTokens.get(pref![0])).toBe(PASTED)
    expect(pref![1]).not.toHaveProperty('marketplace_fee')
  })
})

describe('without a Mercado Pago application configured', () => {
  test('connecting answers 409 in Spanish and the settings say it is unavailable', async () => {
    const bare = await buildTestApp({ MP_API_URL: mp.baseUrl, PUBLIC_URL })
    try {
      const seller = await signedInSeller(bare)
      const res = await bare.inject({
        method: 'GET',
        url: '/api/v1/admin/payments/mercadopago/connect',
        headers: seller.headers,
      })
      expect(res.statusCode).toBe(409)
      expect(res.json()).toMatchObject({ code: 'CONFLICT' })
      expect(res.json().message).toMatch(/no está configurada/)
      const status = await bare.inject({
        method: 'GET',
        url: '/api/v1/admin/payments/mercadopago/connection',
        headers: seller.headers,
      })
      expect(status.json()).toMatchObject({ available: false, connected: false })
    } finally {
      await bare.close()
    }
  }, 60_000)
})
