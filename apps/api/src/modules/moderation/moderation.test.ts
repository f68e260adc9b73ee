// The operator's store suspension and product moderation (issue 24, decision 044): who may, what
// customers stop seeing (lists near a point, store and product pages, search), checkout refused,
// what the store's team sees, and the operator's list of every store with its figures.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  confirmOrder,
  customerWithAddress,
  readyToConfirm,
  shopForCheckout,
  signedInCustomer,
  signedInOperator,
  signedInSeller,
} from '../../../test/factories.ts'

let app: TestApp
let operator: string
// 0.8 km north of the test store (Gorriti 4800, Palermo), inside its 3 km delivery radius.
const NEAR = 'lat=-34.5818&lng=-58.4306'
const UNKNOWN = '00000000-0000-4000-8000-000000000000'

const makeOperator = async (secondFactor: boolean) =>
  (await signedInOperator(app, { secondFactor })).cookie

beforeAll(async () => {
  app = await buildTestApp()
  operator = await makeOperator(true)
})
afterAll(() => app.close())

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers })
const post = (url: string, payload?: object, cookie = operator) =>
  app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) })

/** A seller's store with one active product whose title carries a word of its own. */
async function storeWithProduct() {
  const word = `yerbamate${randomUUID().slice(0, 6).replace(/\d/g, 'x')}`
  const seller = await signedInSeller(app, { name: `Almacén ${word}` })
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/products',
    headers: seller.headers,
    payload: {
      title: `Yerba ${word}`,
      status: 'active',
      variants: [{ price: 350000, stock: 10 }],
    },
  })
  expect(created.statusCode, created.body).toBe(201)
  const product = created.json() as { _id: string }
  return { seller, store: seller.store, product, word }
}

/** The store's rows in the serving-area index (trigger store_service_cells_sync, migration 0030). */
async function indexedCells(storeId: string) {
  const result = await app.db.execute<{ n: number }>(
    sql`select count(*)::int as n from store_service_cells where store_id = ${storeId}`,
  )
  return Number(result.rows[0]?.n ?? 0)
}

const ids = (res: { statusCode: number; body: string; json(): unknown }) => {
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { docs: Array<{ _id: string }> }).docs.map((d) => d._id)
}
const searched = async (word: string) => {
  const res = await get(`/api/v1/search?q=${word}&${NEAR}`)
  expect(res.statusCode, res.body).toBe(200)
  const body = res.json() as {
    products: { docs: Array<{ _id: string }> }
    stores: { docs: Array<{ _id: string }> }
  }
  return {
    products: body.products.docs.map((d) => d._id),
    stores: body.stores.docs.map((d) => d._id),
  }
}

/** What a customer sees of the store and its product, everywhere they could find them. */
async function customerSees(s: Awaited<ReturnType<typeof storeWithProduct>>) {
  const near = await get(`/api/v1/stores?${NEAR}&limit=100`)
  const anywhere = await get(`/api/v1/stores?q=${s.word}`)
  const page = await get(`/api/v1/stores/${s.store.handle}`)
  const products = await get(`/api/v1/products?${NEAR}&limit=100`)
  const storeProducts = await get(`/api/v1/products?shopId=${s.store._id}`)
  const productPage = await get(`/api/v1/products/${s.product._id}`)
  const found = await searched(s.word)
  return {
    nearList: ids(near).includes(s.store._id),
    searchWithoutPoint: ids(anywhere).includes(s.store._id),
    storePage: page.statusCode,
    nearProducts: ids(products).includes(s.product._id),
    // A suspended shop's products by its id: the shop is not found at all.
    storeProducts: storeProducts.statusCode !== 404 && ids(storeProducts).includes(s.product._id),
    productPage: productPage.statusCode,
    searchProduct: found.products.includes(s.product._id),
    searchStore: found.stores.includes(s.store._id),
  }
}
const everywhere = {
  nearList: true,
  searchWithoutPoint: true,
  storePage: 200,
  nearProducts: true,
  storeProducts: true,
  productPage: 200,
  searchProduct: true,
  searchStore: true,
}

describe('who reaches the moderation routes', () => {
  test('nobody 401; a customer, a seller and an operator owing the second factor 403; an operator with it gets through', async () => {
    const routes = app.routeTable.filter(
      (r) =>
        (r.url.startsWith('/api/v1/operator/stores') ||
          r.url.startsWith('/api/v1/operator/products')) &&
        r.method !== 'HEAD' &&
        r.method !== 'OPTIONS',
    )
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'GET /api/v1/operator/stores',
      'GET /api/v1/operator/stores/:id/products',
      'POST /api/v1/operator/products/:id/hide',
      'POST /api/v1/operator/products/:id/unhide',
      'POST /api/v1/operator/stores/:id/suspend',
      'POST /api/v1/operator/stores/:id/unsuspend',
    ])
    const customer = await signedInCustomer(app)
    const seller = await signedInSeller(app)
    const owing = await makeOperator(false)
    const callers: Array<[string, string, number]> = [
      ['nobody', '', 401],
      ['a customer', customer.cookie, 403],
      ['a seller', seller.cookie, 403],
      ['an operator without the second factor', owing, 403],
    ]
    for (const route of routes) {
      const url = route.url.replace(':id', UNKNOWN)
      const payload = route.method === 'POST' ? { reason: 'Vende algo prohibido' } : undefined
      for (const [who, cookie, status] of callers) {
        const res = await app.inject({
          method: route.method as 'GET' | 'POST',
          url,
          headers: cookie ? { cookie } : {},
          ...(payload ? { payload } : {}),
        })
        expect(res.statusCode, `${route.method} ${route.url} by ${who}`).toBe(status)
      }
      // The operator with the second factor: the list answers, unknown ids are the catalogue's 404.
      const res = await app.inject({
        method: route.method as 'GET' | 'POST',
        url,
        headers: { cookie: operator },
        ...(payload ? { payload } : {}),
      })
      if (!route.url.includes(':id')) expect(res.statusCode, res.body).toBe(200)
      else {
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(404)
        expect(res.json().code).toBe('NOT_FOUND')
      }
    }
  })

  test('the reason is required, 3 to 500 characters, with Spanish field errors', async () => {
    const { store } = await storeWithProduct()
    const missing = await post(`/api/v1/operator/stores/${store._id}/suspend`, {})
    expect(missing.statusCode, missing.body).toBe(400)
    expect(missing.json().errors[0]).toMatchObject({ name: 'reason' })
    for (const [reason, message] of [
      ['  a ', 'El motivo tiene que tener al menos 3 caracteres'],
      ['x'.repeat(501), 'El motivo puede tener hasta 500 caracteres'],
    ] as const) {
      const res = await post(`/api/v1/operator/stores/${store._id}/suspend`, { reason })
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().errors).toEqual([{ name: 'reason', message }])
    }
    // Refused: nothing changed.
    expect((await get(`/api/v1/stores/${store.handle}`)).statusCode).toBe(200)
  })
})

describe('suspending a store', () => {
  test('takes it out of every customer list, page and search at once; reactivating brings it back', async () => {
    const s = await storeWithProduct()
    // Seen first (and cached: the suspension must drop the cached answers).
    expect(await customerSees(s)).toEqual(everywhere)
    expect(await indexedCells(s.store._id)).toBeGreaterThan(0)

    const suspended = await post(`/api/v1/operator/stores/${s.store._id}/suspend`, {
      reason: 'Vende medicamentos sin receta',
    })
    expect(suspended.statusCode, suspended.body).toBe(200)
    expect(suspended.json()).toMatchObject({
      _id: s.store._id,
      status: 'suspended',
      suspension: { reason: 'Vende medicamentos sin receta' },
      owner: { email: s.seller.data.email },
    })
    // Out of the serving-area index, which every list near a point starts from.
    expect(await indexedCells(s.store._id)).toBe(0)
    expect(await customerSees(s)).toEqual({
      nearList: false,
      searchWithoutPoint: false,
      storePage: 404,
      nearProducts: false,
      storeProducts: false,
      productPage: 404,
      searchProduct: false,
      searchStore: false,
    })

    // The team sees why; its data stays.
    const own = await get(`/api/v1/admin/stores/${s.store._id}`, s.seller.headers)
    expect(own.statusCode, own.body).toBe(200)
    expect(own.json().suspension).toEqual({
      reason: 'Vende medicamentos sin receta',
      since: suspended.json().suspension.since,
    })
    const products = await get('/api/v1/admin/products', s.seller.headers)
    expect(ids(products)).toContain(s.product._id)

    const back = await post(`/api/v1/operator/stores/${s.store._id}/unsuspend`)
    expect(back.statusCode, back.body).toBe(200)
    expect(back.json()).toMatchObject({ status: 'active', suspension: null })
    expect(await indexedCells(s.store._id)).toBeGreaterThan(0)
    expect(await customerSees(s)).toEqual(everywhere)
    expect(
      (await get(`/api/v1/admin/stores/${s.store._id}`, s.seller.headers)).json(),
    ).toMatchObject({ suspension: null })
  })
})

describe('hiding a product', () => {
  test('takes it out of lists, its page and search; its store stays; the seller sees why', async () => {
    const s = await storeWithProduct()
    expect(await customerSees(s)).toEqual(everywhere)

    const hidden = await post(`/api/v1/operator/products/${s.product._id}/hide`, {
      reason: 'Imagen engañosa',
    })
    expect(hidden.statusCode, hidden.body).toBe(200)
    expect(hidden.json()).toMatchObject({
      _id: s.product._id,
      storeId: s.store._id,
      hidden: { reason: 'Imagen engañosa' },
    })
    const seen = await customerSees(s)
    expect(seen).toMatchObject({
      nearList: true,
      storePage: 200,
      nearProducts: false,
      storeProducts: false,
      productPage: 404,
      searchProduct: false,
    })
    const own = await get(`/api/v1/admin/products/${s.product._id}`, s.seller.headers)
    expect(own.statusCode, own.body).toBe(200)
    expect(own.json().hidden).toMatchObject({ reason: 'Imagen engañosa' })
    const list = await get('/api/v1/admin/products', s.seller.headers)
    const row = (list.json() as { docs: Array<{ _id: string; hidden: unknown }> }).docs.find(
      (d) => d._id === s.product._id,
    )
    expect(row?.hidden).toMatchObject({ reason: 'Imagen engañosa' })

    const shown = await post(`/api/v1/operator/products/${s.product._id}/unhide`)
    expect(shown.statusCode, shown.body).toBe(200)
    expect(shown.json().hidden).toBeNull()
    expect(await customerSees(s)).toEqual(everywhere)
  })
})

describe('checkout', () => {
  test('an open checkout of a suspended store is refused with 409; a new one too', async () => {
    const shop = await shopForCheckout(app)
    const customer = await customerWithAddress(app)
    const checkoutId = await readyToConfirm(
      app,
      customer,
      [{ variantId: shop.manteca._id, quantity: 1 }],
      { deliveryType: 'pickup', paymentMethod: 'cash' },
    )
    const suspended = await post(`/api/v1/operator/stores/${shop.seller.store._id}/suspend`, {
      reason: 'Reclamos de clientes',
    })
    expect(suspended.statusCode, suspended.body).toBe(200)

    const confirm = await app.inject({
      method: 'POST',
      url: `/api/v1/checkout/${checkoutId}/confirm`,
      headers: customer.headers,
    })
    expect(confirm.statusCode, confirm.body).toBe(409)
    expect(confirm.json()).toMatchObject({ code: 'CONFLICT' })
    expect(confirm.json().message).toMatch(/no está recibiendo pedidos/)
    // The reason is the team's, not the customer's.
    expect(confirm.body).not.toContain('Reclamos')

    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/checkout',
      headers: customer.headers,
      payload: { cartId: customer.cartId, shippingAddressId: customer.address._id },
    })
    expect(again.statusCode, again.body).toBe(409)
    expect(again.json().message).toMatch(/no está recibiendo pedidos/)

    await post(`/api/v1/operator/stores/${shop.seller.store._id}/unsuspend`)
    const placed = await app.inject({
      method: 'POST',
      url: `/api/v1/checkout/${checkoutId}/confirm`,
      headers: customer.headers,
    })
    expect(placed.statusCode, placed.body).toBe(200)
  })

  test('a checkout with a hidden product is refused with 409', async () => {
    const shop = await shopForCheckout(app)
    const customer = await customerWithAddress(app)
    const checkoutId = await readyToConfirm(
      app,
      customer,
      [{ variantId: shop.grasa._id, quantity: 2 }],
      { deliveryType: 'pickup', paymentMethod: 'cash' },
    )
    await post(`/api/v1/operator/products/${shop.product._id}/hide`, { reason: 'Producto vencido' })
    const cart = await get('/api/v1/cart', customer.headers)
    expect(cart.json().items[0].isAvailable).toBe(false)
    const confirm = await app.inject({
      method: 'POST',
      url: `/api/v1/checkout/${checkoutId}/confirm`,
      headers: customer.headers,
    })
    expect(confirm.statusCode, confirm.body).toBe(409)
    expect(confirm.json().message).toMatch(/no está disponible/)
  })
})

describe("the operator's list of stores", () => {
  test('every store with owner, status, orders and sales; searchable and filtered by status', async () => {
    const shop = await shopForCheckout(app)
    const customer = await customerWithAddress(app)
    const { response } = await confirmOrder(
      app,
      customer,
      [{ variantId: shop.manteca._id, quantity: 2 }],
      { deliveryType: 'pickup', paymentMethod: 'cash' },
    )
    expect(response.statusCode, response.body).toBe(200)
    const total = (response.json() as { order: { total: number } }).order.total
    expect(total).toBeGreaterThan(0)

    const byEmail = await get(
      `/api/v1/operator/stores?q=${encodeURIComponent(shop.seller.data.email)}`,
      { cookie: operator },
    )
    expect(byEmail.statusCode, byEmail.body).toBe(200)
    expect(byEmail.json()).toMatchObject({ totalDocs: 1, page: 1 })
    expect(byEmail.json().docs[0]).toMatchObject({
      _id: shop.seller.store._id,
      handle: shop.seller.store.handle,
      status: 'active',
      suspension: null,
      owner: { email: shop.seller.data.email },
      ordersCount: 1,
      salesCents: total,
    })

    await post(`/api/v1/operator/stores/${shop.seller.store._id}/suspend`, { reason: 'Revisión' })
    const suspended = await get('/api/v1/operator/stores?status=suspended&limit=100', {
      cookie: operator,
    })
    expect(ids(suspended)).toContain(shop.seller.store._id)
    const active = await get('/api/v1/operator/stores?status=active&limit=100', {
      cookie: operator,
    })
    expect(ids(active)).not.toContain(shop.seller.store._id)

    // Pages: the envelope of every list, and a page past the end still counts.
    const all = (await get('/api/v1/operator/stores?limit=2', { cookie: operator })).json()
    expect(all.totalDocs).toBeGreaterThan(2)
    expect(all.docs).toHaveLength(2)
    expect(all).toMatchObject({ limit: 2, hasNextPage: true })
    const past = (await get('/api/v1/operator/stores?limit=2&page=99', { cookie: operator })).json()
    expect(past).toMatchObject({ docs: [], totalDocs: all.totalDocs })
    const bad = await get('/api/v1/operator/stores?status=cerrado', { cookie: operator })
    expect(bad.statusCode).toBe(400)
  })
})
