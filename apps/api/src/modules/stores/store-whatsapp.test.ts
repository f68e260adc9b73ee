import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { productInput, signedInSeller, storeInput, teamMember } from '../../../test/factories.ts'

/** The shop's WhatsApp and the auto-print switch (issue 28, decision 052). */
let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.close()
})

type Seller = Awaited<ReturnType<typeof signedInSeller>>
const save = (seller: Seller, whatsapp: unknown) =>
  app.inject({
    method: 'PUT',
    url: `/api/v1/admin/stores/${seller.store._id}`,
    headers: seller.headers,
    payload: { ...storeInput(seller.store.handle), whatsapp },
  })
const publicStore = async (handle: string) =>
  (await app.inject({ method: 'GET', url: `/api/v1/stores/${handle}` })).json()

describe('the store’s WhatsApp', () => {
  test('a number as the seller types it is kept in E.164 with the 9, for the team and customers', async () => {
    const seller = await signedInSeller(app)
    const other = await signedInSeller(app, { whatsapp: '+5491166667777' })
    const res = await save(seller, '0341 155-550101')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().whatsapp).toBe('+5493415550101')
    expect((await publicStore(seller.store.handle)).whatsapp).toBe('+5493415550101')
    // A mobile written without the 9 names the same line.
    expect((await save(seller, '+54 341 555-0101')).json().whatsapp).toBe('+5493415550101')
    // Another store keeps its own.
    expect((await publicStore(other.store.handle)).whatsapp).toBe('+5491166667777')
  })

  test('a product’s store summary carries it, for "Consultá por WhatsApp" on the product page', async () => {
    const seller = await signedInSeller(app, { whatsapp: '+54 9 341 555-0101' })
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/products',
      headers: seller.headers,
      payload: productInput(),
    })
    expect(created.statusCode, created.body).toBe(201)
    const product = (
      await app.inject({ method: 'GET', url: `/api/v1/products/${created.json()._id}` })
    ).json()
    expect(product.store).toMatchObject({ _id: seller.store._id, whatsapp: '+5493415550101' })
  })

  test('a form without the field keeps the saved number; an empty one clears it', async () => {
    const seller = await signedInSeller(app, { whatsapp: '11 6666-7777' })
    expect((await publicStore(seller.store.handle)).whatsapp).toBe('+5491166667777')
    const kept = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/stores/${seller.store._id}`,
      headers: seller.headers,
      payload: storeInput(seller.store.handle),
    })
    expect(kept.json().whatsapp).toBe('+5491166667777')
    expect((await save(seller, '')).json().whatsapp).toBeNull()
    expect((await publicStore(seller.store.handle)).whatsapp).toBeNull()
  })

  test('no number: 400 INVALID with a Spanish message next to the field, nothing saved', async () => {
    const seller = await signedInSeller(app, { whatsapp: '+5491166667777' })
    for (const typed of ['123', 'hola', '+54 11 1']) {
      const res = await save(seller, typed)
      expect(res.statusCode, typed).toBe(400)
      expect(res.json()).toMatchObject({
        code: 'INVALID',
        errors: [
          {
            name: 'whatsapp',
            message: 'Ingresá un número de WhatsApp válido, con código de área (ej.: 341 555-0101)',
          },
        ],
      })
    }
    expect((await publicStore(seller.store.handle)).whatsapp).toBe('+5491166667777')
  })

  test('a new store with an invalid number is not created', async () => {
    const seller = await signedInSeller(app)
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/stores',
      headers: { cookie: seller.cookie },
      payload: { ...storeInput('tienda-sin-whatsapp'), whatsapp: '12' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors[0].name).toBe('whatsapp')
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/stores/tienda-sin-whatsapp' })).statusCode,
    ).toBe(404)
  })
})

describe('"Imprimir automáticamente los pedidos nuevos"', () => {
  const url = '/api/v1/admin/store_settings_printing'

  test('off by default; the seller turns it on for their store only', async () => {
    const seller = await signedInSeller(app)
    const other = await signedInSeller(app)
    expect((await app.inject({ method: 'GET', url, headers: seller.headers })).json()).toEqual({
      autoPrintNewOrders: false,
    })
    const saved = await app.inject({
      method: 'PUT',
      url,
      headers: seller.headers,
      payload: { autoPrintNewOrders: true },
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toEqual({ autoPrintNewOrders: true })
    expect((await app.inject({ method: 'GET', url, headers: seller.headers })).json()).toEqual({
      autoPrintNewOrders: true,
    })
    expect((await app.inject({ method: 'GET', url, headers: other.headers })).json()).toEqual({
      autoPrintNewOrders: false,
    })
  })

  test('staff read it (they run the dashboard) but cannot change it; a bad body is 400', async () => {
    const seller = await signedInSeller(app)
    const staff = await teamMember(app, seller, 'staff')
    expect((await app.inject({ method: 'GET', url, headers: staff.headers })).statusCode).toBe(200)
    const denied = await app.inject({
      method: 'PUT',
      url,
      headers: staff.headers,
      payload: { autoPrintNewOrders: true },
    })
    expect(denied.statusCode).toBe(403)
    const bad = await app.inject({
      method: 'PUT',
      url,
      headers: seller.headers,
      payload: { autoPrintNewOrders: 'sí' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().code).toBe('INVALID')
    expect((await app.inject({ method: 'GET', url, headers: seller.headers })).json()).toEqual({
      autoPrintNewOrders: false,
    })
  })
})
