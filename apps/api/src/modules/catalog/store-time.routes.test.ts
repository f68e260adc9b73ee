import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  customerWithAddress,
  readyToConfirm,
  shopForCheckout,
  storeInput,
} from '../../../test/factories.ts'

// Issue 26: the schedule decides. The test store (factories.ts) opens on Mondays 09–13 and
// 17–20; shopForCheckout gives it 15 minutes of preparation and delivery up to 3 km.
const ba = (local: string) => new Date(`${local}:00-03:00`).toISOString()
// ~0.8 km north of the store (Gorriti 4800, Palermo).
const near = { lat: -34.5817, lng: -58.4306 }

type Shop = Awaited<ReturnType<typeof shopForCheckout>>

async function getStore(app: TestApp, handle: string, query = '') {
  const res = await app.inject({ method: 'GET', url: `/api/v1/stores/${handle}${query}` })
  expect(res.statusCode).toBe(200)
  return res.json()
}

async function saveStore(app: TestApp, shop: Shop, changes: Record<string, unknown>) {
  return app.inject({
    method: 'PUT',
    url: `/api/v1/admin/stores/${shop.seller.store._id}`,
    headers: shop.seller.headers,
    payload: { ...storeInput(shop.seller.store.handle), ...changes },
  })
}

describe('on a Monday at 18:00 (inside the 17–20 range)', () => {
  let app: TestApp
  let shop: Shop
  beforeAll(async () => {
    app = await buildTestApp({ SCHEDULE_CLOCK_START: '2026-11-30T18:00:00-03:00' })
    shop = await shopForCheckout(app)
  })
  afterAll(() => app.close())

  test('the shop is open, closes at 20:00, and says how long pickup or delivery takes', async () => {
    const store = await getStore(app, shop.seller.store.handle)
    expect(store).toMatchObject({
      isOpen: true,
      openNow: true,
      closesAt: ba('2026-11-30T20:00'),
      nextOpening: null,
      // No point: pickup, 15 minutes of preparation.
      etaMinutes: { min: 15, max: 25, deliveryType: 'pickup' },
    })
    // From 0.8 km: 15 + ceil(0.8 km at 20 km/h = 2.4 min) + 5 of hand-over = 23 → 25–35.
    const there = await getStore(app, shop.seller.store.handle, `?lat=${near.lat}&lng=${near.lng}`)
    expect(there.distanceKm).toBeCloseTo(0.8, 1)
    expect(there.etaMinutes).toEqual({ min: 25, max: 35, deliveryType: 'delivery' })
    // The nearby list says the same as the shop page.
    const list = await app.inject({
      method: 'GET',
      url: `/api/v1/stores?lat=${near.lat}&lng=${near.lng}&limit=50`,
    })
    const card = list.json().docs.find((s: { _id: string }) => s._id === shop.seller.store._id)
    expect(card).toMatchObject({
      openNow: true,
      closesAt: ba('2026-11-30T20:00'),
      etaMinutes: { min: 25, max: 35, deliveryType: 'delivery' },
    })
  })

  test('checkout says the same ETA for each way of receiving the order', async () => {
    const c = await customerWithAddress(app)
    const checkoutId = await readyToConfirm(app, c, [{ variantId: shop.grasa._id, quantity: 1 }], {
      deliveryType: 'pickup',
      paymentMethod: 'cash',
    })
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/checkout/${checkoutId}/review`,
      headers: c.headers,
    })
    const options = res.json().deliveryOptions as Array<{ type: string; estimate: string }>
    expect(options.find((o) => o.type === 'pickup')?.estimate).toBe(
      'Listo para retirar en 15–25 min',
    )
    expect(options.find((o) => o.type === 'delivery')?.estimate).toBe('Llega en 25–35 min')
  })

  test('a closure that covers today closes the shop, and the seller sees it too', async () => {
    const closed = await saveStore(app, shop, {
      closures: [{ from: '2026-11-30', to: '2026-12-01', reason: 'Inventario' }],
    })
    expect(closed.statusCode).toBe(200)
    expect(closed.json()).toMatchObject({
      closures: [{ from: '2026-11-30', to: '2026-12-01', reason: 'Inventario' }],
      openNow: false,
      // Monday hours only, and this Monday is closed: the next Monday.
      nextOpening: ba('2026-12-07T09:00'),
    })
    const store = await getStore(app, shop.seller.store.handle)
    expect(store).toMatchObject({
      openNow: false,
      etaMinutes: null,
      closesAt: null,
      closure: { from: '2026-11-30', to: '2026-12-01', reason: 'Inventario' },
    })
    expect(store.nextOpening).toBe(ba('2026-12-07T09:00'))

    // Saving the form without the closures keeps them (a form that predates them loses nothing).
    const { closures: _omitted, ...withoutClosures } = { closures: undefined }
    const resaved = await saveStore(app, shop, withoutClosures)
    expect(resaved.json().closures).toHaveLength(1)
    // Cleared: open again.
    const reopened = await saveStore(app, shop, { closures: [] })
    expect(reopened.json().openNow).toBe(true)
    expect((await getStore(app, shop.seller.store.handle)).openNow).toBe(true)
  })

  test('hours and closures that make no sense are field errors in Spanish', async () => {
    const res = await saveStore(app, shop, {
      openingHours: { '1': [['25:00', '13:00']] },
      closures: [{ from: '2026-12-10', to: '2026-12-01', reason: 'Vacaciones' }],
    })
    expect(res.statusCode).toBe(400)
    const errors = res.json().errors as Array<{ name: string; message: string }>
    expect(errors).toEqual(
      expect.arrayContaining([
        { name: 'openingHours.1.0.0', message: 'Usá el formato HH:MM' },
        { name: 'closures.0.to', message: 'La fecha de fin no puede ser anterior a la de inicio' },
      ]),
    )
    // Nothing saved: still open by the old hours.
    expect((await getStore(app, shop.seller.store.handle)).openingHours).toEqual(
      storeInput('x').openingHours,
    )
  })
})

describe('on a Monday at 21:00 (after closing)', () => {
  let app: TestApp
  let shop: Shop
  beforeAll(async () => {
    app = await buildTestApp({ SCHEDULE_CLOCK_START: '2026-11-30T21:00:00-03:00' })
    shop = await shopForCheckout(app)
  })
  afterAll(() => app.close())

  test('the shop says when it opens, and checkout refuses an order for now', async () => {
    const store = await getStore(app, shop.seller.store.handle)
    expect(store).toMatchObject({
      isOpen: true,
      openNow: false,
      nextOpening: ba('2026-12-07T09:00'),
      etaMinutes: null,
    })
    const c = await customerWithAddress(app)
    const checkoutId = await readyToConfirm(app, c, [{ variantId: shop.grasa._id, quantity: 1 }], {
      deliveryType: 'pickup',
      paymentMethod: 'cash',
    })
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/checkout/${checkoutId}/confirm`,
      headers: c.headers,
    })
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toBe('El comercio está cerrado en este momento: abre el 7/12 9:00.')
  })
})

describe('on a national holiday (Tuesday 8 December 2026, 10:00)', () => {
  let app: TestApp
  let shop: Shop
  beforeAll(async () => {
    app = await buildTestApp({ SCHEDULE_CLOCK_START: '2026-12-08T10:00:00-03:00' })
    shop = await shopForCheckout(app)
  })
  afterAll(() => app.close())

  test('the shop is closed on the holiday unless it opens on holidays', async () => {
    const tuesdays = { '2': [['09:00', '13:00']] }
    await saveStore(app, shop, { openingHours: tuesdays })
    const closed = await getStore(app, shop.seller.store.handle)
    expect(closed.openNow).toBe(false)
    expect(closed.nextOpening).toBe(ba('2026-12-15T09:00'))
    const saved = await saveStore(app, shop, { openingHours: tuesdays, openOnHolidays: true })
    expect(saved.json().openOnHolidays).toBe(true)
    const open = await getStore(app, shop.seller.store.handle)
    expect(open).toMatchObject({ openNow: true, closesAt: ba('2026-12-08T13:00') })
  })
})
