import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { createShops } from '../../../test/factories.ts'

let app: TestApp
let shops: Awaited<ReturnType<typeof createShops>>
// The customer stands at Plaza Serrano, Palermo.
const here = { lat: -34.5885, lng: -58.4305 }

beforeAll(async () => {
  app = await buildTestApp({ BROWSE_RADIUS_KM: '10' })
  shops = await createShops(app, [
    // ~0.5 km, delivers 3 km, closed
    {
      handle: 'cerca-cerrada',
      lat: -34.5912,
      lng: -58.4343,
      isOpen: false,
      products: [{ title: 'Café en grano', prices: [900000] }],
    },
    // ~2.3 km, delivers 5 km
    {
      handle: 'villa-crespo',
      lat: -34.5995,
      lng: -58.4405,
      products: [
        { title: 'Yerba mate 1 kg', prices: [450000, 800000] },
        { title: 'Borrador', status: 'draft' },
      ],
    },
    // ~2.7 km, delivers only 2 km: out of range
    {
      handle: 'almagro-chico',
      lat: -34.609,
      lng: -58.415,
      deliveryRadiusKm: 2,
      products: [{ title: 'Pan de campo' }],
    },
    // ~4.9 km, pickup only: inside the 10 km browsing radius
    {
      handle: 'belgrano-retiro',
      lat: -34.5627,
      lng: -58.4567 + 0.07,
      deliveryTypes: ['pickup'],
      products: [{ title: 'Libro de cuentos' }],
    },
    // Rosario: far away
    { handle: 'rosario', lat: -32.9468, lng: -60.6393, products: [{ title: 'Alfajores' }] },
  ])
})
afterAll(async () => {
  await app.close()
})

const get = (url: string) => app.inject({ method: 'GET', url })

describe('shops near a point', () => {
  test('are those that serve it, nearest first, with distance and the delivery types offered there', async () => {
    const res = await get(`/api/v1/stores?lat=${here.lat}&lng=${here.lng}`)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.docs.map((s: { handle: string }) => s.handle)).toEqual([
      'cerca-cerrada',
      'villa-crespo',
      'belgrano-retiro',
    ])
    const distances = body.docs.map((s: { distanceKm: number }) => s.distanceKm)
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
    expect(distances[0]).toBeGreaterThan(0.2)
    expect(distances[0]).toBeLessThan(0.8)
    expect(body.docs[0]).toMatchObject({ isOpen: false, deliveryTypes: ['pickup', 'delivery'] })
    expect(body.docs[2].deliveryTypes).toEqual(['pickup'])
    expect(body).toMatchObject({ totalDocs: 3, limit: 10, page: 1 })
  })

  test('latitude and longitude come from location.coordinates ([lng, lat])', async () => {
    const store = (await get(`/api/v1/stores/villa-crespo`)).json()
    expect(store.location).toEqual({ type: 'Point', coordinates: [-58.4405, -34.5995] })
    expect(store).toMatchObject({ latitude: -34.5995, longitude: -58.4405 })
  })

  test('a shop that delivers only inside 2 km is not near a point 2.7 km away', async () => {
    const handles = (await get(`/api/v1/stores?lat=${here.lat}&lng=${here.lng}&limit=50`))
      .json()
      .docs.map((s: { handle: string }) => s.handle)
    expect(handles).not.toContain('almagro-chico')
    expect(handles).not.toContain('rosario')
  })

  test('one coordinate alone is MISSING_REQUIRED_FIELD with the spec message', async () => {
    const res = await get(`/api/v1/stores?lat=${here.lat}`)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      code: 'MISSING_REQUIRED_FIELD',
      message: 'Latitude and Longitude are required to fetch stores by location',
      errors: [{ name: 'lng' }],
    })
    const products = await get(`/api/v1/products?lng=${here.lng}`)
    expect(products.json()).toMatchObject({
      code: 'MISSING_REQUIRED_FIELD',
      message: 'Latitude and Longitude are required to fetch products by location',
    })
  })

  test('without a point every shop lists, 10 a page; by id or handle; unknown is 404', async () => {
    const all = (await get('/api/v1/stores')).json()
    expect(all).toMatchObject({ totalDocs: 5, limit: 10 })
    const byId = (await get(`/api/v1/stores/${shops['rosario']!.id}`)).json()
    expect(byId.handle).toBe('rosario')
    expect((await get('/api/v1/stores/no-existe')).statusCode).toBe(404)
  })
})

describe('products near a point', () => {
  test('only active products of shops that serve the point, open shops first, 9 a page', async () => {
    const body = (await get(`/api/v1/products?lat=${here.lat}&lng=${here.lng}`)).json()
    expect(body.limit).toBe(9)
    const titles = body.docs.map((p: { title: string }) => p.title)
    expect(titles).toEqual(['Yerba mate 1 kg', 'Libro de cuentos', 'Café en grano'])
    expect(titles).not.toContain('Borrador')
    expect(body.docs[0]).toMatchObject({
      price: 450000,
      currency: 'ARS',
      store: { handle: 'villa-crespo', isOpen: true },
    })
    expect(body.docs[0].variants).toHaveLength(2)
    expect(body.docs[0].store.distanceKm).toBeGreaterThan(1)
  })

  test('text search and paging', async () => {
    const body = (await get(`/api/v1/products?lat=${here.lat}&lng=${here.lng}&q=YERBA`)).json()
    expect(body.docs.map((p: { title: string }) => p.title)).toEqual(['Yerba mate 1 kg'])
    // Accents and case do not matter: "cafe" finds "Café en grano".
    const cafe = (await get(`/api/v1/products?lat=${here.lat}&lng=${here.lng}&q=CAFE`)).json()
    expect(cafe.docs.map((p: { title: string }) => p.title)).toEqual(['Café en grano'])
    const page2 = (
      await get(`/api/v1/products?lat=${here.lat}&lng=${here.lng}&limit=2&page=2`)
    ).json()
    expect(page2).toMatchObject({
      page: 2,
      totalDocs: 3,
      totalPages: 2,
      hasPrevPage: true,
      docs: [expect.anything()],
    })
  })

  test('without a point products list normally, 10 a page', async () => {
    const body = (await get('/api/v1/products')).json()
    expect(body).toMatchObject({ limit: 10, totalDocs: 5 })
  })

  test('a product by id, or by handle with its shop; a draft is not found', async () => {
    const id = shops['villa-crespo']!.productIds[0]!
    expect((await get(`/api/v1/products/${id}`)).json().title).toBe('Yerba mate 1 kg')
    const byHandle = await get('/api/v1/products/yerba-mate-1-kg?shopId=villa-crespo')
    expect(byHandle.json()._id).toBe(id)
    expect((await get('/api/v1/products/yerba-mate-1-kg')).json().code).toBe(
      'MISSING_REQUIRED_FIELD',
    )
    expect((await get('/api/v1/products/yerba-mate-1-kg?shopId=rosario')).statusCode).toBe(404)
    const draftId = shops['villa-crespo']!.productIds[1]!
    expect((await get(`/api/v1/products/${draftId}`)).statusCode).toBe(404)
  })
})
