import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { deviceId, issuedDevice, signedInCustomer } from '../../../test/factories.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.close()
})

const palermo = {
  label: 'Casa',
  street: 'Honduras',
  number: '4850',
  floorApartment: '3° B',
  neighbourhood: 'Palermo Soho',
  city: 'Palermo',
  provinceCode: 'C',
  postalCode: 'c1414bmj',
  notes: 'Timbre que no anda: llamar al llegar',
  latitude: -34.5889,
  longitude: -58.4306,
}
const post = (headers: Record<string, string>, payload: object) =>
  app.inject({ method: 'POST', url: '/api/v1/addresses', headers, payload })
const list = (headers: Record<string, string>, query = '') =>
  app.inject({ method: 'GET', url: `/api/v1/addresses${query}`, headers })

describe('who owns addresses', () => {
  test('without a session or a device id the call fails with the spec message', async () => {
    const res = await list({})
    expect(res.statusCode).toBe(401)
    expect(res.json().message).toBe('User is not logged in and deviceId not set...')
  })

  test('an anonymous device keeps its own addresses; another device sees none of them', async () => {
    const mine = { 'x-device-id': deviceId() }
    const created = await post(mine, palermo)
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({
      isDefault: true,
      neighbourhood: 'Palermo Soho',
      postalCode: 'C1414BMJ',
      provinceName: 'Ciudad Autónoma de Buenos Aires',
      formattedAddress:
        'Honduras 4850, 3° B, Palermo Soho, Palermo, Ciudad Autónoma de Buenos Aires',
    })
    expect((await list(mine)).json().totalDocs).toBe(1)
    const stranger = { 'x-device-id': deviceId() }
    expect((await list(stranger)).json().totalDocs).toBe(0)
    const steal = await app.inject({
      method: 'GET',
      url: `/api/v1/addresses/${created.json()._id}`,
      headers: stranger,
    })
    expect(steal.statusCode).toBe(404)
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/v1/addresses/${created.json()._id}`,
      headers: stranger,
    })
    expect(del.statusCode).toBe(404)
  })

  test('signing in moves the device’s addresses to the account, keeping a single default', async () => {
    const { data, cookie } = await signedInCustomer(app)
    await post({ cookie }, { ...palermo, label: 'Trabajo', street: 'Thames', number: '640' })
    const device = await issuedDevice(app)
    await post(device, palermo)
    await post(device, { ...palermo, label: 'Club', street: 'Av. Santa Fe' })
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: device,
      payload: { userName: data.userName, password: data.password },
    })
    expect(login.statusCode).toBe(200)
    const page = (await list({ cookie })).json()
    expect(page.totalDocs).toBe(3)
    expect(page.docs.filter((a: { isDefault: boolean }) => a.isDefault)).toHaveLength(1)
    expect(page.docs[0]).toMatchObject({ label: 'Trabajo', isDefault: true })
    expect((await list(device)).json().totalDocs).toBe(0)
  })
})

describe('signing in from several devices', () => {
  const signIn = (device: Record<string, string>, data: { userName: string; password: string }) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: device,
      payload: { userName: data.userName, password: data.password },
    })

  test('an address the account already has is not copied again, however it was written', async () => {
    const { data, cookie } = await signedInCustomer(app)
    const phone = await issuedDevice(app)
    await post(phone, palermo)
    expect((await signIn(phone, data)).statusCode).toBe(200)

    // The second device saved the same door (other case, accents, label and a point 6 m away)
    // and another place.
    const laptop = await issuedDevice(app)
    const sameDoor = await post(laptop, {
      ...palermo,
      label: 'Depto',
      street: 'HONDURAS',
      city: 'Pálermo',
      floorApartment: '3 B',
      latitude: palermo.latitude + 0.00005,
    })
    await post(laptop, { ...palermo, label: 'Club', street: 'Av. Santa Fe', number: '3200' })
    expect((await signIn(laptop, data)).statusCode).toBe(200)

    const page = (await list({ cookie })).json()
    expect(page.docs.map((a: { street: string }) => a.street).sort()).toEqual([
      'Av. Santa Fe',
      'HONDURAS',
    ])
    expect(page.docs.filter((a: { isDefault: boolean }) => a.isDefault)).toHaveLength(1)
    // The laptop's copy stays (the id it has selected) and takes over the default.
    expect(page.docs.find((a: { isDefault: boolean }) => a.isDefault)).toMatchObject({
      _id: sameDoor.json()._id,
      street: 'HONDURAS',
      label: 'Depto',
    })
    expect((await list(laptop)).json().totalDocs).toBe(0)

    // A third sign-in from the first device brings nothing new.
    expect((await signIn(phone, data)).statusCode).toBe(200)
    expect((await list({ cookie })).json().totalDocs).toBe(2)
  })
})

describe('the default address', () => {
  test('making another address default clears the previous one', async () => {
    const { cookie } = await signedInCustomer(app)
    const first = (await post({ cookie }, palermo)).json()
    const second = (await post({ cookie }, { ...palermo, label: 'Oficina' })).json()
    expect(second.isDefault).toBe(false)
    const res = await app.inject({
      method: 'PUT',
      url: `/api/v1/addresses/${second._id}/default`,
      headers: { cookie },
    })
    expect(res.json().isDefault).toBe(true)
    const docs = (await list({ cookie })).json().docs
    expect(docs.find((a: { _id: string }) => a._id === first._id).isDefault).toBe(false)
  })

  test('deleting the default promotes the oldest remaining address', async () => {
    const { cookie } = await signedInCustomer(app)
    const first = (await post({ cookie }, palermo)).json()
    const second = (await post({ cookie }, { ...palermo, label: 'Oficina' })).json()
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v1/addresses/${first._id}`,
      headers: { cookie },
    })
    expect(removed.statusCode).toBe(204)
    expect(removed.body).toBe('')
    const docs = (await list({ cookie })).json().docs
    expect(docs).toEqual([expect.objectContaining({ _id: second._id, isDefault: true })])
  })

  test('an edit keeps its id and cannot leave the owner without a default', async () => {
    const { cookie } = await signedInCustomer(app)
    const first = (await post({ cookie }, palermo)).json()
    const res = await app.inject({
      method: 'PUT',
      url: `/api/v1/addresses/${first._id}`,
      headers: { cookie },
      payload: { ...palermo, number: '4900', isDefault: false },
    })
    expect(res.json()).toMatchObject({ _id: first._id, number: '4900', isDefault: true })
  })
})

describe('validation and paging', () => {
  test('bad postal codes and provinces are named in Spanish; a missing street too', async () => {
    // A missing point is no error (the API locates the address: decision 038), a missing street is.
    const res = await post(
      { 'x-device-id': deviceId() },
      { ...palermo, postalCode: '12', provinceCode: 'Ñ', street: undefined, latitude: undefined },
    )
    expect(res.statusCode).toBe(400)
    const names = res
      .json()
      .errors.map((e: { name: string }) => e.name)
      .sort()
    expect(names).toEqual(['postalCode', 'provinceCode', 'street'])
    expect(res.json().code).toBe('MISSING_REQUIRED_FIELD')
    expect(JSON.stringify(res.json().errors)).toContain('código postal')
  })

  test('lists page with the spec default of 50 and honour page and limit', async () => {
    const headers = { 'x-device-id': deviceId() }
    for (let i = 0; i < 3; i++) await post(headers, { ...palermo, label: `N${i}` })
    expect((await list(headers)).json()).toMatchObject({
      limit: 50,
      page: 1,
      totalDocs: 3,
      totalPages: 1,
    })
    expect((await list(headers, '?page=2&limit=2')).json()).toMatchObject({
      page: 2,
      limit: 2,
      hasPrevPage: true,
      hasNextPage: false,
      docs: [expect.anything()],
    })
  })
})
