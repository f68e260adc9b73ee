import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { signedInSeller } from '../../../test/factories.ts'

// Issue 30: the home promises shops that ship nationwide; an address no local shop serves gets
// the shops that ship to its province.
let app: TestApp
let toSantaFe: Awaited<ReturnType<typeof signedInSeller>>
let toBuenosAires: Awaited<ReturnType<typeof signedInSeller>>
// Rosario (Santa Fe), ~280 km from the sellers' stores in Palermo.
const rosario = { lat: -32.9468, lng: -60.6393 }

const logistics = (provinces: Array<{ code: string; fee: number }>) => ({
  pickup: { enabled: true, address: 'Gorriti 4800', preparationMinutes: 20, instructions: '' },
  delivery: {
    enabled: true,
    radiusKm: 5,
    fee: { type: 'flat', amount: 50000 },
    freeFrom: null,
    minOrder: 800000,
    estimatedMinutes: 40,
  },
  shipping: { enabled: true, provinces, estimatedDays: 4 },
})

beforeAll(async () => {
  app = await buildTestApp({ BROWSE_RADIUS_KM: '10' })
  toSantaFe = await signedInSeller(app)
  toBuenosAires = await signedInSeller(app)
  for (const [seller, provinces] of [
    [toSantaFe, [{ code: 'S', fee: 450000 }]],
    [toBuenosAires, [{ code: 'B', fee: 300000 }]],
  ] as const) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/store_settings_logistics',
      headers: seller.headers,
      payload: logistics([...provinces]),
    })
    expect(res.statusCode, res.body).toBe(200)
  }
})
afterAll(async () => {
  await app.close()
})

const get = async (url: string) => {
  const res = await app.inject({ method: 'GET', url })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

describe('shops that ship to a province', () => {
  test('no shop serves Rosario, but the one that ships to Santa Fe is listed, with its distance and fee', async () => {
    const nearby = await get(`/api/v1/stores?lat=${rosario.lat}&lng=${rosario.lng}`)
    expect(nearby.totalDocs).toBe(0)

    const page = await get(`/api/v1/stores?lat=${rosario.lat}&lng=${rosario.lng}&shipsTo=S`)
    expect(page.totalDocs).toBe(1)
    const [store] = page.docs
    expect(store._id).toBe(toSantaFe.store._id)
    expect(store.distanceKm).toBeGreaterThan(250)
    // Too far for its delivery: shipping (and pickup) only.
    expect(store.deliveryTypes).toEqual(['pickup', 'shipping'])
    expect(store.terms).toEqual({ delivery: null, shipping: { fee: 450000, feeVaries: false } })
  })

  test('without a point too; a province nobody ships to lists none; a bad code is refused', async () => {
    const toBa = await get('/api/v1/stores?shipsTo=B')
    expect(toBa.docs.map((d: { _id: string }) => d._id)).toEqual([toBuenosAires.store._id])
    expect((await get('/api/v1/stores?shipsTo=Z')).totalDocs).toBe(0)
    const bad = await app.inject({ method: 'GET', url: '/api/v1/stores?shipsTo=XX' })
    expect(bad.statusCode).toBe(400)
  })
})
