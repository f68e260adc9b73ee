import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { customerWithAddress, deviceId, shopForCheckout } from '../../../test/factories.ts'
import { FAKE_GEOREF_BLOCKS, fakeGeorefDoor, startFakeGeoref } from '../../../test/fake-georef.ts'
import { APPROXIMATE_ADDRESS_REASON } from '../checkout/pricing.ts'
import { LOCALITY_NOT_FOUND_MESSAGE } from '../addresses/addresses.service.ts'
import { titleCase } from './door-geocoder.ts'
import { splitStreetLine } from './geo.service.ts'

let app: TestApp
let georef: Awaited<ReturnType<typeof startFakeGeoref>>
beforeAll(async () => {
  georef = await startFakeGeoref()
  app = await buildTestApp({ GEOREF_API_URL: georef.baseUrl })
})
afterAll(async () => {
  await app.close()
  await georef.close()
})

const gurruchaga = FAKE_GEOREF_BLOCKS[0]!
const gurruchaga1723 = fakeGeorefDoor(gurruchaga, 1723)

const findPlace = (input: string) =>
  app.inject({ method: 'GET', url: `/api/v1/geo/places?input=${encodeURIComponent(input)}` })

describe('a typed street and number is located at its door', () => {
  test('"Gurruchaga 1723, Palermo" answers the door first, in Palermo, then the barrio', async () => {
    const res = await findPlace('Gurruchaga 1723, Palermo')
    expect(res.statusCode).toBe(200)
    const [door, ...rest] = res.json().candidates
    expect(door).toMatchObject({
      name: 'Gurruchaga 1723',
      geocoded_by: 'georef',
      geometry: { location: { lat: gurruchaga1723.lat, lng: gurruchaga1723.lon } },
    })
    expect(door.formatted_address).toMatch(/^Gurruchaga 1723, Palermo, /)
    expect(rest[0]).toMatchObject({ name: 'Palermo', geocoded_by: 'locality' })
    // The barrio told georef the province: the city of Buenos Aires is INDEC's 02.
    const asked = georef.requests.at(-1)!
    expect(asked.get('direccion')).toBe('Gurruchaga 1723')
    expect(asked.get('provincia')).toBe('02')
  })

  test('the door’s place_id answers its details from the id alone; a forged one is not found', async () => {
    const [door] = (await findPlace('Gurruchaga 1723, Palermo')).json().candidates
    const asked = georef.requests.length
    const details = await app.inject({
      method: 'GET',
      url: `/api/v1/geo/places/${encodeURIComponent(door.place_id)}`,
    })
    expect(details.json()).toEqual({ status: 'OK', result: door })
    expect(georef.requests.length).toBe(asked)
    for (const forged of [
      'door:bm90LWpzb24',
      `door:${Buffer.from('[1,2]').toString('base64url')}`,
    ]) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/geo/places/${encodeURIComponent(forged)}`,
      })
      expect(res.json()).toEqual({ status: 'NOT_FOUND' })
    }
  })

  test('a street georef cannot place answers the localities only', async () => {
    const res = await findPlace('Calle Inventada 123, Palermo')
    const candidates = res.json().candidates as Array<{ geocoded_by: string }>
    expect(candidates.length).toBeGreaterThan(0)
    expect(candidates.every((c) => c.geocoded_by === 'locality')).toBe(true)
  })
})

describe('addresses keep their point and say how it was found', () => {
  const headers = () => ({ 'x-device-id': deviceId() })
  const base = { street: 'Gurruchaga', number: '1723', city: 'Palermo', provinceCode: 'C' }
  const post = (h: Record<string, string>, payload: object) =>
    app.inject({ method: 'POST', url: '/api/v1/addresses', headers: h, payload })

  test('a point sent without saying how is the customer’s pin; a geocoder’s keeps its name', async () => {
    const pin = await post(headers(), { ...base, latitude: -34.6, longitude: -58.4 })
    expect(pin.json()).toMatchObject({ geocodedBy: 'pin', approximate: false, latitude: -34.6 })
    const located = await post(headers(), {
      ...base,
      latitude: gurruchaga1723.lat,
      longitude: gurruchaga1723.lon,
      geocodedBy: 'georef',
    })
    expect(located.json()).toMatchObject({ geocodedBy: 'georef', approximate: false })
  })

  test('typed by hand without a point: the door when georef places it', async () => {
    const res = await post(headers(), base)
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      geocodedBy: 'georef',
      approximate: false,
      latitude: gurruchaga1723.lat,
      longitude: gurruchaga1723.lon,
    })
  })

  test('typed by hand, a street nobody places: the barrio’s centre, marked approximate', async () => {
    const res = await post(headers(), { ...base, street: 'Calle Inventada' })
    expect(res.statusCode).toBe(201)
    const palermo = (await findPlace('Palermo')).json().candidates[0].geometry.location
    expect(res.json()).toMatchObject({
      geocodedBy: 'locality',
      approximate: true,
      latitude: palermo.lat,
      longitude: palermo.lng,
    })
  })

  test('an unknown locality without a point is a field error, and nothing is saved', async () => {
    const h = headers()
    const res = await post(h, { ...base, street: 'Calle Inventada', city: 'Zzyzx Qwerty' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      code: 'INVALID',
      errors: [{ name: 'city', message: LOCALITY_NOT_FOUND_MESSAGE }],
    })
    const list = await app.inject({ method: 'GET', url: '/api/v1/addresses', headers: h })
    expect(list.json().totalDocs).toBe(0)
  })

  test('half a point is a field error', async () => {
    const res = await post(headers(), { ...base, latitude: -34.6 })
    expect(res.statusCode).toBe(400)
    expect(JSON.stringify(res.json())).toContain('longitude')
  })
})

describe('checkout delivers to doors, not to barrio centres', () => {
  test('an approximate address offers no delivery, saying why; pickup and shipping stay', async () => {
    const shop = await shopForCheckout(app)
    const customer = await customerWithAddress(app, {
      latitude: -34.5818,
      longitude: -58.4306,
      provinceCode: 'C',
      geocodedBy: 'locality',
    } as never)
    await app.inject({
      method: 'POST',
      url: '/api/v1/cart/update',
      headers: customer.headers,
      payload: { cartId: customer.cartId, items: [{ variantId: shop.manteca._id, quantity: 1 }] },
    })
    const started = await app.inject({
      method: 'POST',
      url: '/api/v1/checkout',
      headers: customer.headers,
      payload: { cartId: customer.cartId, shippingAddressId: customer.address._id },
    })
    expect(started.statusCode).toBe(201)
    const summary = await app.inject({
      method: 'GET',
      url: `/api/v1/checkout/${started.json().checkoutId}/init`,
      headers: customer.headers,
    })
    const options = summary.json().deliveryOptions as Array<{
      type: string
      available: boolean
      reason: string | null
    }>
    expect(options.find((o) => o.type === 'delivery')).toMatchObject({
      available: false,
      reason: APPROXIMATE_ADDRESS_REASON,
    })
    expect(options.find((o) => o.type === 'pickup')?.available).toBe(true)
    expect(options.find((o) => o.type === 'shipping')?.available).toBe(true)
  })
})

describe('a checkout changes its address without losing the cart', () => {
  test('another of my addresses is priced again; a stranger’s is not found', async () => {
    const shop = await shopForCheckout(app)
    const customer = await customerWithAddress(app, {
      latitude: -34.5818,
      longitude: -58.4306,
      provinceCode: 'C',
      geocodedBy: 'locality',
    } as never)
    const door = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/addresses',
        headers: { cookie: customer.cookie },
        payload: { street: 'Gurruchaga', number: '1723', city: 'Palermo', provinceCode: 'C' },
      })
    ).json() as { _id: string; geocodedBy: string }
    expect(door.geocodedBy).toBe('georef')
    await app.inject({
      method: 'POST',
      url: '/api/v1/cart/update',
      headers: customer.headers,
      payload: { cartId: customer.cartId, items: [{ variantId: shop.manteca._id, quantity: 1 }] },
    })
    const { checkoutId } = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/checkout',
        headers: customer.headers,
        payload: { cartId: customer.cartId, shippingAddressId: customer.address._id },
      })
    ).json() as { checkoutId: string }
    const change = (shippingAddressId: string, headers = customer.headers) =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/checkout/${checkoutId}/address`,
        headers,
        payload: { shippingAddressId },
      })

    const moved = await change(door._id)
    expect(moved.statusCode).toBe(200)
    expect(moved.json().shippingAddress).toMatchObject({ _id: door._id, approximate: false })
    const delivery = (
      moved.json().deliveryOptions as Array<{ type: string; available: boolean; fee: number }>
    ).find((o) => o.type === 'delivery')
    expect(delivery?.available).toBe(true)
    // The cart is the same one, with its line.
    expect(moved.json().items).toHaveLength(1)

    const stranger = await customerWithAddress(app)
    expect((await change(stranger.address._id)).statusCode).toBe(404)
    expect((await change(door._id, stranger.headers)).statusCode).toBe(404)
    const bad = await change('no-es-un-id')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0]).toMatchObject({ name: 'shippingAddressId' })
  })
})

describe('parsing and naming', () => {
  test('street lines', () => {
    expect(splitStreetLine('Gurruchaga 1723, Palermo')).toEqual({
      street: 'Gurruchaga',
      number: '1723',
      rest: 'Palermo',
    })
    expect(splitStreetLine('Av. Corrientes nº 1234')).toMatchObject({
      street: 'Av. Corrientes',
      number: '1234',
    })
    expect(splitStreetLine('Palermo')).toBeNull()
    expect(splitStreetLine('Calle 7 123, La Plata')).toMatchObject({
      street: 'Calle 7',
      number: '123',
    })
    expect(titleCase('AV DE MAYO')).toBe('Av de Mayo')
  })
})

// Last: it leaves georef skipped for the cool-down, which the tests above must not meet.
describe('an unreachable geocoder', () => {
  test('while georef fails it is skipped: localities at once, one request only', async () => {
    georef.failNext(1)
    const before = georef.requests.length
    const first = await findPlace('Honduras 4800, Palermo')
    expect(first.json().candidates[0]).toMatchObject({ name: 'Palermo', geocoded_by: 'locality' })
    const second = await findPlace('Honduras 4810, Palermo')
    expect(second.json().candidates[0].geocoded_by).toBe('locality')
    expect(georef.requests.length).toBe(before + 1)
  })
})
