import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { signedInCustomer, signedInSeller, storeInput } from '../../../test/factories.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.close()
})

describe('who may call the seller API', () => {
  test('anonymous is 401; a customer is 403 USER_NOT_ADMIN, before any input is read', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/admin/stores' })).statusCode).toBe(401)
    const { cookie } = await signedInCustomer(app)
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/stores',
      headers: { cookie },
      payload: { nonsense: true },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('USER_NOT_ADMIN')
  })

  test('store-scoped calls need x-store-id naming one of the seller’s stores', async () => {
    const a = await signedInSeller(app)
    const b = await signedInSeller(app)
    const missing = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/products',
      headers: { cookie: a.cookie },
    })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({
      code: 'MISSING_REQUIRED_FIELD',
      errors: [{ name: 'x-store-id' }],
    })
    for (const url of [
      '/api/v1/admin/products',
      '/api/v1/admin/collections',
      '/api/v1/admin/inventory',
      '/api/v1/admin/store_settings_logistics',
    ]) {
      const res = await app.inject({
        method: 'GET',
        url,
        headers: { cookie: a.cookie, 'x-store-id': b.store._id },
      })
      expect(res.statusCode, url).toBe(403)
      expect(res.json().code).toBe('USER_NOT_OWNER')
    }
  })
})

describe('stores', () => {
  test('a seller creates a store and sees it in their list with location and role', async () => {
    const { cookie, store } = await signedInSeller(app)
    const list = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/stores',
      headers: { cookie },
    })
    expect(list.json()).toMatchObject({
      limit: 10,
      totalDocs: 1,
      docs: [
        {
          _id: store._id,
          role: 'owner',
          // The common postal address and point (contracts/src/common.ts); location mirrors it.
          address: {
            street: 'Gorriti',
            number: '4800',
            floorApartment: null,
            neighbourhood: 'Palermo',
            provinceCode: 'C',
            provinceName: 'Ciudad Autónoma de Buenos Aires',
            postalCode: 'C1414',
          },
          location: { type: 'Point', coordinates: [-58.4306, -34.5889] },
          latitude: -34.5889,
          longitude: -58.4306,
        },
      ],
    })
  })

  test('a taken handle is 409 CONFLICT on the handle field; bad input names its fields', async () => {
    const { cookie, store } = await signedInSeller(app)
    const dup = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/stores',
      headers: { cookie },
      payload: storeInput(store.handle),
    })
    expect(dup.statusCode).toBe(409)
    expect(dup.json()).toMatchObject({ code: 'CONFLICT', errors: [{ name: 'handle' }] })
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/stores',
      headers: { cookie },
      payload: {
        ...storeInput('Mal Handle!'),
        address: { ...storeInput('x').address, provinceCode: 'Ñ' },
      },
    })
    expect(bad.statusCode).toBe(400)
    expect(
      bad
        .json()
        .errors.map((e: { name: string }) => e.name)
        .sort(),
    ).toEqual(['address.provinceCode', 'handle'])
  })

  test('edit, toggle open, and another seller can do none of it', async () => {
    const a = await signedInSeller(app)
    const b = await signedInSeller(app)
    const url = `/api/v1/admin/stores/${a.store._id}`
    const edited = await app.inject({
      method: 'PUT',
      url,
      headers: { cookie: a.cookie },
      payload: { ...storeInput(a.store.handle), name: 'Almacén Nuevo' },
    })
    expect(edited.json().name).toBe('Almacén Nuevo')
    const closed = await app.inject({
      method: 'POST',
      url: `${url}/toggle-open`,
      headers: { cookie: a.cookie },
      payload: { isOpen: false },
    })
    expect(closed.json().isOpen).toBe(false)
    for (const [method, path, payload] of [
      ['GET', url, undefined],
      ['PUT', url, storeInput(a.store.handle)],
      ['DELETE', url, undefined],
      ['POST', `${url}/toggle-open`, { isOpen: true }],
    ] as const) {
      const res = await app.inject({
        method,
        url: path,
        headers: { cookie: b.cookie, 'x-store-id': b.store._id },
        ...(payload ? { payload } : {}),
      })
      expect(res.statusCode, `${method} ${path}`).toBe(403)
      expect(res.json().code).toBe('USER_NOT_OWNER')
    }
    const still = await app.inject({ method: 'GET', url, headers: { cookie: a.cookie } })
    expect(still.json()).toMatchObject({ name: 'Almacén Nuevo', isOpen: false })
  })

  test('the customer side sees the new store, and the toggle closes it there too', async () => {
    const { cookie, store } = await signedInSeller(app)
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/stores/${store.handle}` })).json().isOpen,
    ).toBe(true)
    await app.inject({
      method: 'POST',
      url: `/api/v1/admin/stores/${store._id}/toggle-open`,
      headers: { cookie },
      payload: { isOpen: false },
    })
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/stores/${store.handle}` })).json().isOpen,
    ).toBe(false)
  })

  test('deleting a store without orders removes it with its products and collections', async () => {
    const { cookie, store, headers } = await signedInSeller(app)
    const product = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/products',
      headers,
      payload: { title: 'Yerba', status: 'active', variants: [{ price: 100000, stock: 1 }] },
    })
    expect(product.statusCode).toBe(201)
    const collection = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/collections',
      headers,
      payload: { title: 'Almacén', productIds: [product.json()._id] },
    })
    expect(collection.statusCode).toBe(201)
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/stores/${store._id}`,
      headers: { cookie },
    })
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/stores/${store._id}` })).statusCode,
    ).toBe(404)
    const { products, collections, productCollections } = await import('../../db/schema/catalog.ts')
    const { eq } = await import('drizzle-orm')
    expect(await app.db.select().from(products).where(eq(products.storeId, store._id))).toEqual([])
    expect(
      await app.db.select().from(collections).where(eq(collections.storeId, store._id)),
    ).toEqual([])
    expect(
      await app.db
        .select()
        .from(productCollections)
        .where(eq(productCollections.productId, product.json()._id)),
    ).toEqual([])
  })

  test('deleting a store that has orders archives it instead', async () => {
    const { cookie, store } = await signedInSeller(app)
    app.storesService.onHasOrders(async (storeId) => storeId === store._id)
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/stores/${store._id}`,
      headers: { cookie },
    })
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/stores/${store._id}` })).statusCode,
    ).toBe(404)
    const { stores } = await import('../../db/schema/stores.ts')
    const { eq } = await import('drizzle-orm')
    const [row] = await app.db.select().from(stores).where(eq(stores.id, store._id))
    expect(row?.status).toBe('archived')
  })
})
