import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { signedInSeller } from '../../../test/factories.ts'

// Issue 30: the delivery fee and the minimum order are in the catalogue's store answers, so the
// shop's card and page show them before checkout.
let app: TestApp
let seller: Awaited<ReturnType<typeof signedInSeller>>
// ~1.1 km north of the seller's store (Gorriti 4800, Palermo).
const near = { lat: -34.5789, lng: -58.4306 }
// ~3.3 km north: the second band.
const farther = { lat: -34.5589, lng: -58.4306 }

const logistics = {
  pickup: { enabled: true, address: 'Gorriti 4800', preparationMinutes: 20, instructions: '' },
  delivery: {
    enabled: true,
    radiusKm: 5,
    fee: {
      type: 'bands',
      bands: [
        { upToKm: 2, amount: 50000 },
        { upToKm: 5, amount: 90000 },
      ],
    },
    freeFrom: 3000000,
    minOrder: 800000,
    estimatedMinutes: 40,
  },
  shipping: {
    enabled: true,
    provinces: [
      { code: 'B', fee: 350000 },
      { code: 'S', fee: 520000 },
    ],
    estimatedDays: 4,
  },
}

beforeAll(async () => {
  app = await buildTestApp({ BROWSE_RADIUS_KM: '10' })
  seller = await signedInSeller(app)
})
afterAll(async () => {
  await app.close()
})

const get = async (url: string) => {
  const res = await app.inject({ method: 'GET', url })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
const nearbyDoc = async (p: { lat: number; lng: number }) => {
  const page = await get(`/api/v1/stores?lat=${p.lat}&lng=${p.lng}&limit=100`)
  return page.docs.find((d: { _id: string }) => d._id === seller.store._id)
}

describe('a shop in the catalogue says what ordering costs', () => {
  test('before the seller saves logistics: delivery free with no minimum, no shipping', async () => {
    const store = await get(`/api/v1/stores/${seller.store.handle}`)
    expect(store.terms).toEqual({
      delivery: { fee: 0, feeVaries: false, freeFrom: null, minOrder: null },
      shipping: null,
    })
  })

  test('the shop page, the nearby list (its band) and the full list, once they are saved', async () => {
    const saved = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/store_settings_logistics',
      headers: seller.headers,
      payload: logistics,
    })
    expect(saved.statusCode, saved.body).toBe(200)

    // No point: the lowest band, "desde".
    const store = await get(`/api/v1/stores/${seller.store._id}`)
    expect(store.terms).toEqual({
      delivery: { fee: 50000, feeVaries: true, freeFrom: 3000000, minOrder: 800000 },
      shipping: { fee: 350000, feeVaries: true },
    })

    // Near a point: the band of that distance, as checkout prices it.
    expect((await nearbyDoc(near)).terms.delivery).toEqual({
      fee: 50000,
      feeVaries: false,
      freeFrom: 3000000,
      minOrder: 800000,
    })
    expect((await nearbyDoc(farther)).terms.delivery).toMatchObject({
      fee: 90000,
      feeVaries: false,
    })

    const all = await get('/api/v1/stores?limit=100')
    const doc = all.docs.find((d: { _id: string }) => d._id === seller.store._id)
    expect(doc.terms.delivery.minOrder).toBe(800000)
  })
})
