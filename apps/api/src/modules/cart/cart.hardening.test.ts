import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { cookieHeader, registration, shopForCheckout } from '../../../test/factories.ts'

let app: TestApp
let shop: Awaited<ReturnType<typeof shopForCheckout>>
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_ANON_CREATE_MAX: '40' })
  shop = await shopForCheckout(app, { stock: 50 })
})
afterAll(async () => {
  await app.close()
})

const address = {
  street: 'Honduras',
  number: '4850',
  city: 'Palermo',
  provinceCode: 'C',
  latitude: -34.5889,
  longitude: -58.4306,
}

/** A browser as the web app runs it: a device id and its signed token from gen-device-id. */
async function browser(ip: string) {
  const res = await app.inject({
    method: 'GET',
    url: '/api/v1/auth/gen-device-id',
    remoteAddress: ip,
  })
  expect(res.statusCode).toBe(200)
  const { uuid, token } = res.json() as { uuid: string; token: string }
  return { 'x-device-id': uuid, 'x-device-token': token }
}

/** An anonymous cart with two items and one address, made by that browser. */
async function anonymousBelongings(headers: Record<string, string>) {
  const cartId = (await app.inject({ method: 'GET', url: '/api/v1/cart', headers })).json()._id
  const filled = await app.inject({
    method: 'POST',
    url: '/api/v1/cart/update',
    headers,
    payload: { cartId, items: [{ variantId: shop.grasa._id, quantity: 2 }] },
  })
  expect(filled.statusCode).toBe(200)
  const added = await app.inject({
    method: 'POST',
    url: '/api/v1/addresses',
    headers,
    payload: address,
  })
  expect(added.statusCode).toBe(201)
  return { cartId: cartId as string, addressId: added.json()._id as string }
}

async function signIn(headers: Record<string, string>) {
  const data = registration()
  await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: data })
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers,
    payload: { userName: data.userName, password: data.password },
  })
  expect(login.statusCode).toBe(200)
  return cookieHeader(login)
}

const count = async (table: 'carts' | 'devices') => {
  const rows = await app.db.execute<{ n: number }>(
    sql.raw(`select count(*)::int as n from ${table}`),
  )
  const list =
    'rows' in rows ? (rows.rows as Array<{ n: number }>) : (rows as unknown as Array<{ n: number }>)
  return Number(list[0]!.n)
}

describe('only the browser that made anonymous carts and addresses can move or claim them', () => {
  test('gen-device-id answers a uuid with a signed device token', async () => {
    const headers = await browser('10.1.0.1')
    expect(headers['x-device-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(headers['x-device-token'].length).toBeGreaterThanOrEqual(40)
    const other = await browser('10.1.0.1')
    expect(other['x-device-token']).not.toBe(headers['x-device-token'])
  })

  test('signing in with someone else’s x-device-id (no token, or a token of another device) moves none of their carts or addresses', async () => {
    const victim = await browser('10.1.0.2')
    const { cartId, addressId } = await anonymousBelongings(victim)
    const attacker = await browser('10.1.0.3')
    const attempts: Array<Record<string, string>> = [
      { 'x-device-id': victim['x-device-id'] },
      { 'x-device-id': victim['x-device-id'], 'x-device-token': attacker['x-device-token'] },
      { 'x-device-id': victim['x-device-id'], 'x-device-token': 'forged' },
    ]
    for (const headers of attempts) {
      const cookie = await signIn(headers)
      const addresses = await app.inject({
        method: 'GET',
        url: '/api/v1/addresses',
        headers: { cookie },
      })
      expect(addresses.json().docs).toEqual([])
      const cart = await app.inject({
        method: 'GET',
        url: '/api/v1/cart',
        headers: { cookie, 'x-cart-id': cartId },
      })
      expect(cart.json()._id).not.toBe(cartId)
      expect(cart.json().items).toEqual([])
    }
    // The victim's browser still has everything.
    const mine = await app.inject({ method: 'GET', url: '/api/v1/addresses', headers: victim })
    expect(mine.json().docs.map((a: { _id: string }) => a._id)).toEqual([addressId])
    const cart = await app.inject({
      method: 'GET',
      url: '/api/v1/cart',
      headers: { ...victim, 'x-cart-id': cartId },
    })
    expect(cart.json()).toMatchObject({ _id: cartId, itemCount: 2 })
  })

  test('a signed-in user holding someone’s anonymous cart id cannot read, change or claim it', async () => {
    const victim = await browser('10.1.0.4')
    const { cartId } = await anonymousBelongings(victim)
    const attackerBrowser = await browser('10.1.0.5')
    const cookie = await signIn(attackerBrowser)
    const headers = { ...attackerBrowser, cookie, 'x-cart-id': cartId }
    const seen = await app.inject({ method: 'GET', url: '/api/v1/cart', headers })
    expect(seen.json()._id).not.toBe(cartId)
    const changed = await app.inject({
      method: 'POST',
      url: '/api/v1/cart/update',
      headers,
      payload: { cartId, items: [] },
    })
    expect(changed.statusCode).toBe(404)
    const checkout = await app.inject({
      method: 'POST',
      url: '/api/v1/checkout',
      headers,
      payload: { cartId, shippingAddressId: randomUUID() },
    })
    expect(checkout.statusCode).toBe(404)
    const still = await app.inject({
      method: 'GET',
      url: '/api/v1/cart',
      headers: { ...victim, 'x-cart-id': cartId },
    })
    expect(still.json()).toMatchObject({ _id: cartId, itemCount: 2 })
  })

  test('signing in on the browser that made them (device id + its token) moves its carts and addresses', async () => {
    const mine = await browser('10.1.0.6')
    const { cartId, addressId } = await anonymousBelongings(mine)
    const cookie = await signIn(mine)
    const addresses = await app.inject({
      method: 'GET',
      url: '/api/v1/addresses',
      headers: { cookie },
    })
    expect(addresses.json().docs.map((a: { _id: string }) => a._id)).toEqual([addressId])
    const cart = await app.inject({
      method: 'GET',
      url: '/api/v1/cart',
      headers: { cookie, 'x-cart-id': cartId },
    })
    expect(cart.json()).toMatchObject({ _id: cartId, itemCount: 2 })
  })

  test('a customer already signed in may take the anonymous cart their own browser made', async () => {
    const mine = await browser('10.1.0.7')
    const cookie = await signIn(mine)
    // A cart made on this browser while the session cookie was not sent (e.g. another tab).
    const { cartId } = await anonymousBelongings(mine)
    const cart = await app.inject({
      method: 'GET',
      url: '/api/v1/cart',
      headers: { ...mine, cookie, 'x-cart-id': cartId },
    })
    expect(cart.json()).toMatchObject({ _id: cartId, itemCount: 2 })
    // It is the account's now: the anonymous device alone can no longer touch it.
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/v1/cart/clear',
      headers: mine,
      payload: { cartId },
    })
    expect(anonymous.statusCode).toBe(404)
  })
})

describe('anonymous rows are created lazily, bounded and purged', () => {
  test('GET /cart and GET /auth/gen-device-id insert no rows, however often they are called', async () => {
    const carts = await count('carts')
    const devices = await count('devices')
    const headers = await browser('10.2.0.1')
    for (let i = 0; i < 30; i++) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/v1/cart',
        headers,
        remoteAddress: '10.2.0.1',
      })
      expect(res.json()).toMatchObject({ items: [], totalPrice: 0, storeId: null })
      await app.inject({
        method: 'GET',
        url: '/api/v1/auth/gen-device-id',
        remoteAddress: '10.2.0.2',
      })
    }
    expect(await count('carts')).toBe(carts)
    expect(await count('devices')).toBe(devices)
  })

  test('one client address gets 429 after RATE_LIMIT_ANON_CREATE_MAX new device ids or carts a minute', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 45; i++) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/v1/auth/gen-device-id',
        remoteAddress: '10.3.0.1',
      })
      statuses.push(res.statusCode)
    }
    expect(statuses.slice(0, 40).every((s) => s === 200)).toBe(true)
    expect(statuses.slice(40).every((s) => s === 429)).toBe(true)
    // Another client address is not affected.
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/v1/auth/gen-device-id',
          remoteAddress: '10.3.0.2',
        })
      ).statusCode,
    ).toBe(200)

    const headers = await browser('10.3.0.3')
    const created: number[] = []
    for (let i = 0; i < 45; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/cart/update',
        headers,
        remoteAddress: '10.3.0.4',
        payload: { cartId: randomUUID(), items: [] },
      })
      created.push(res.statusCode)
    }
    expect(created.slice(0, 40).every((s) => s === 200)).toBe(true)
    expect(created.slice(40).every((s) => s === 429)).toBe(true)
  })

  test('the purge job deletes empty anonymous carts and unused devices older than the retention, and keeps the rest', async () => {
    const old = await browser('10.4.0.1')
    const emptyOld = randomUUID()
    await app.inject({
      method: 'POST',
      url: '/api/v1/cart/update',
      headers: old,
      payload: { cartId: emptyOld, items: [] },
    })
    const { cartId: fullOld } = await anonymousBelongings(old)
    const recent = await browser('10.4.0.2')
    const emptyRecent = randomUUID()
    await app.inject({
      method: 'POST',
      url: '/api/v1/cart/update',
      headers: recent,
      payload: { cartId: emptyRecent, items: [] },
    })
    const unusedDevice = randomUUID()
    const pushDevice = randomUUID()
    await app.db.execute(
      sql`insert into devices (uuid, last_seen_at, created_at) values (${unusedDevice}, now() - interval '40 days', now() - interval '40 days')`,
    )
    await app.db.execute(
      sql`insert into devices (uuid, push_token, last_seen_at, created_at) values (${pushDevice}, 'tok', now() - interval '40 days', now() - interval '40 days')`,
    )
    await app.db.execute(
      sql`update carts set updated_at = now() - interval '40 days' where id in (${emptyOld}, ${fullOld})`,
    )

    const purged = await app.purgeStaleAnonymous()
    expect(purged.carts).toBeGreaterThanOrEqual(1)
    expect(purged.devices).toBeGreaterThanOrEqual(1)
    const ids = async (query: ReturnType<typeof sql>) => {
      const res = await app.db.execute<{ id: string }>(query)
      return (
        'rows' in res
          ? (res.rows as Array<{ id: string }>)
          : (res as unknown as Array<{ id: string }>)
      ).map((r) => r.id)
    }
    const carts = await ids(
      sql`select id from carts where id in (${emptyOld}, ${fullOld}, ${emptyRecent})`,
    )
    expect(carts.sort()).toEqual([fullOld, emptyRecent].sort())
    const devices = await ids(
      sql`select uuid as id from devices where uuid in (${unusedDevice}, ${pushDevice})`,
    )
    expect(devices).toEqual([pushDevice])
  })
})
