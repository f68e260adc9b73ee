import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { signedInSeller } from '../../../test/factories.ts'
import { FAKE_MP_ACCOUNT, startFakeMercadoPago } from '../../../test/fake-mercado-pago.ts'

/** Scheduled orders as a store that never set them reads them (issue 26). */
const SCHEDULING_OFF = {
  pickup: {
    enabled: false,
    slotMinutes: 30,
    slotCapacity: 5,
    prepMinutes: 60,
    maxDaysAhead: 7,
    cutoffMinutes: 0,
  },
  delivery: {
    enabled: false,
    slotMinutes: 30,
    slotCapacity: 5,
    prepMinutes: 60,
    maxDaysAhead: 7,
    cutoffMinutes: 0,
  },
}

let app: TestApp
let mp: Awaited<ReturnType<typeof startFakeMercadoPago>>
beforeAll(async () => {
  mp = await startFakeMercadoPago({
    accessToken: 'APP_USR-secreto-123456',
    webhookSecret: 'webhook-secret-000',
  })
  app = await buildTestApp({ MP_API_URL: mp.baseUrl })
})
afterAll(async () => {
  await app.close()
  await mp.close()
})

describe('payment methods', () => {
  test('the platform lists nine methods with Spanish labels; cash, transfer and Mercado Pago are available', async () => {
    const s = await signedInSeller(app)
    const res = (
      await app.inject({
        method: 'GET',
        url: '/api/v1/admin/app_resources/payment_methods',
        headers: { cookie: s.cookie },
      })
    ).json()
    expect(res).toHaveLength(9)
    expect(
      res
        .filter((m: { isAvailable: boolean }) => m.isAvailable)
        .map((m: { method: string }) => m.method)
        .sort(),
    ).toEqual(['bank_transfer', 'cash', 'mercado_pago'])
    expect(res.find((m: { method: string }) => m.method === 'bank_transfer').label).toBe(
      'Transferencia bancaria',
    )
  })

  test('bank transfer needs a 22-digit CBU; settings upsert by method; Mercado Pago tokens never come back', async () => {
    const s = await signedInSeller(app)
    const post = (payload: object) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/admin/store_settings_payment_methods',
        headers: s.headers,
        payload,
      })
    const bad = await post({ method: 'bank_transfer', details: { cbu: '123', holder: 'Ana' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toEqual([expect.objectContaining({ name: 'details.cbu' })])
    const ok = await post({
      method: 'bank_transfer',
      details: { cbu: '0110599520000001234567', alias: 'almacen.tito', holder: 'Tito SRL' },
    })
    expect(ok.json()).toMatchObject({
      method: 'bank_transfer',
      enabled: true,
      details: { alias: 'almacen.tito' },
    })
    await post({
      method: 'bank_transfer',
      enabled: false,
      details: { cbu: '0110599520000001234567', holder: 'Tito SRL' },
    })
    const saved = await post({
      method: 'mercado_pago',
      details: { accessToken: 'APP_USR-secreto-123456' },
    })
    const account = {
      id: String(FAKE_MP_ACCOUNT.id),
      nickname: FAKE_MP_ACCOUNT.nickname,
      email: FAKE_MP_ACCOUNT.email,
    }
    expect(saved.json().details).toEqual({ connected: true, oauth: false, account })
    expect(saved.body).not.toContain('secreto')
    const kept = await post({ method: 'mercado_pago', details: { publicKey: 'APP_USR-public' } })
    expect(kept.json().details).toEqual({
      publicKey: 'APP_USR-public',
      connected: true,
      oauth: false,
      account,
    })
    const list = (
      await app.inject({
        method: 'GET',
        url: '/api/v1/admin/store_settings_payment_methods',
        headers: s.headers,
      })
    ).json()
    expect(list.map((m: { method: string; enabled: boolean }) => [m.method, m.enabled])).toEqual([
      ['bank_transfer', false],
      ['mercado_pago', true],
    ])
    const card = await post({ method: 'credit_card' })
    expect(card.json()).toMatchObject({ code: 'INVALID', errors: [{ name: 'method' }] })
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/store_settings_payment_methods/${list[0]._id}`,
      headers: s.headers,
    })
    expect(del.statusCode).toBe(204)
    const other = await signedInSeller(app)
    const foreign = await app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/store_settings_payment_methods/${list[1]._id}`,
      headers: other.headers,
    })
    expect(foreign.statusCode).toBe(404)
  })
})

describe('logistics', () => {
  const logistics = (radiusKm: number, delivery = true) => ({
    pickup: {
      enabled: true,
      address: 'Gorriti 4800',
      preparationMinutes: 20,
      instructions: 'Tocá timbre',
    },
    delivery: {
      enabled: delivery,
      radiusKm,
      fee: {
        type: 'bands',
        bands: [
          { upToKm: 2, amount: 50000 },
          { upToKm: 5, amount: 90000 },
        ],
      },
      freeFrom: 3000000,
      minOrder: 500000,
      estimatedMinutes: 40,
    },
    shipping: { enabled: true, provinces: [{ code: 'B', fee: 350000 }], estimatedDays: 4 },
  })

  test('defaults come from the store; saving mirrors the radius and delivery types into discovery', async () => {
    const s = await signedInSeller(app)
    const defaults = (
      await app.inject({
        method: 'GET',
        url: '/api/v1/admin/store_settings_logistics',
        headers: s.headers,
      })
    ).json()
    expect(defaults).toMatchObject({
      pickup: { enabled: true },
      delivery: { enabled: true },
      shipping: { enabled: false },
    })
    // A customer 1.5 km north of the store (Gorriti 4800, Palermo).
    const near = '/api/v1/stores?lat=-34.5754&lng=-58.4306&limit=50'
    const saved = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/store_settings_logistics',
      headers: s.headers,
      payload: logistics(1),
    })
    expect(saved.statusCode).toBe(200)
    const tooFar = (await app.inject({ method: 'GET', url: near }))
      .json()
      .docs.find((d: { _id: string }) => d._id === s.store._id)
    expect(tooFar?.deliveryTypes ?? []).not.toContain('delivery')
    await app.inject({
      method: 'POST',
      url: '/api/v1/admin/store_settings_logistics',
      headers: s.headers,
      payload: logistics(2.5),
    })
    const inRange = (await app.inject({ method: 'GET', url: near }))
      .json()
      .docs.find((d: { _id: string }) => d._id === s.store._id)
    expect(inRange.deliveryTypes).toEqual(['pickup', 'delivery', 'shipping'])
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/v1/admin/store_settings_logistics',
          headers: s.headers,
        })
      ).json(),
    ).toEqual({ ...logistics(2.5), ordersWhenClosed: false, scheduling: SCHEDULING_OFF })
  })

  test('settings saved before "orders while closed" existed read with it off', async () => {
    const s = await signedInSeller(app)
    await app.inject({
      method: 'POST',
      url: '/api/v1/admin/store_settings_logistics',
      headers: s.headers,
      payload: { ...logistics(3), ordersWhenClosed: true },
    })
    // A row as an older version wrote it: no ordersWhenClosed key at all.
    await app.db.execute(
      sql`update store_logistics set settings = settings - 'ordersWhenClosed' - 'scheduling' where store_id = ${s.store._id}`,
    )
    const read = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/store_settings_logistics',
      headers: s.headers,
    })
    // Nor scheduling (issue 26): off, with its defaults.
    expect(read.json()).toEqual({
      ...logistics(3),
      ordersWhenClosed: false,
      scheduling: SCHEDULING_OFF,
    })
  })

  test('at least one way to deliver, bands in order, shipping needs provinces', async () => {
    const s = await signedInSeller(app)
    const none = {
      ...logistics(2),
      pickup: { ...logistics(2).pickup, enabled: false },
      delivery: { ...logistics(2).delivery, enabled: false },
      shipping: { enabled: false, provinces: [], estimatedDays: 3 },
    }
    const r1 = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/store_settings_logistics',
      headers: s.headers,
      payload: none,
    })
    expect(r1.json()).toMatchObject({ code: 'INVALID', errors: [{ name: 'pickup.enabled' }] })
    const unordered = logistics(2)
    unordered.delivery.fee.bands = [
      { upToKm: 5, amount: 1 },
      { upToKm: 2, amount: 2 },
    ]
    const r2 = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/store_settings_logistics',
      headers: s.headers,
      payload: unordered,
    })
    expect(r2.json().errors).toEqual([expect.objectContaining({ name: 'delivery.fee.bands' })])
  })
})

describe('taxes and notifications', () => {
  test('tax rates keep 10.5 % exactly, apply to all or to the store’s collections, and can be edited and deleted', async () => {
    const s = await signedInSeller(app)
    const url = '/api/v1/admin/store_settings_taxes'
    const iva = await app.inject({
      method: 'POST',
      url,
      headers: s.headers,
      payload: { name: 'IVA reducido', rate: 10.5 },
    })
    expect(iva.statusCode).toBe(201)
    expect(iva.json()).toMatchObject({ rate: 10.5, appliesTo: 'all', included: true })
    const noCollections = await app.inject({
      method: 'POST',
      url,
      headers: s.headers,
      payload: { name: 'Imp', rate: 21, appliesTo: 'collections' },
    })
    expect(noCollections.json().errors).toEqual([
      expect.objectContaining({ name: 'collectionIds' }),
    ])
    const edited = await app.inject({
      method: 'PUT',
      url: `${url}/${iva.json()._id}`,
      headers: s.headers,
      payload: { name: 'IVA', rate: 21, included: false },
    })
    expect(edited.json()).toMatchObject({ name: 'IVA', rate: 21, included: false })
    expect((await app.inject({ method: 'GET', url, headers: s.headers })).json()).toHaveLength(1)
    expect(
      (await app.inject({ method: 'DELETE', url: `${url}/${iva.json()._id}`, headers: s.headers }))
        .statusCode,
    ).toBe(204)
    expect((await app.inject({ method: 'GET', url, headers: s.headers })).json()).toEqual([])
  })

  test('notification settings default to emailing every event to the store and can be saved', async () => {
    const s = await signedInSeller(app)
    const url = '/api/v1/admin/store_settings_notifications'
    const defaults = (await app.inject({ method: 'GET', url, headers: s.headers })).json()
    expect(defaults).toMatchObject({
      email: 'almacen@example.com',
      lowStockThreshold: 3,
      events: { order_placed: { email: true, push: false } },
    })
    const next = {
      ...defaults,
      events: { ...defaults.events, low_stock: { email: false, push: true } },
      lowStockThreshold: 5,
    }
    expect(
      (await app.inject({ method: 'PUT', url, headers: s.headers, payload: next })).json(),
    ).toEqual(next)
    expect((await app.inject({ method: 'GET', url, headers: s.headers })).json()).toEqual(next)
  })
})
