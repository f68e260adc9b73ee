import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { signedInSeller } from '../../../test/factories.ts'

// A store and a variant are described by one builder each (issue 23): the customer's catalogue
// and the seller's back office answer the same fields with the same values.

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.close()
})

const SHARED_STORE_FIELDS = [
  '_id',
  'name',
  'handle',
  'description',
  'category',
  'phone',
  'email',
  'address',
  'location',
  'latitude',
  'longitude',
  'isOpen',
  'openingHours',
  'deliveryTypes',
  'deliveryRadiusKm',
  'logoUrl',
  'coverUrl',
] as const
const pick = (o: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(keys.map((k) => [k, o[k]]))

test('a store: the customer sees what the seller sees of it, at its stored point', async () => {
  const seller = await signedInSeller(app)
  const admin = await app.inject({
    method: 'GET',
    url: `/api/v1/admin/stores/${seller.store._id}`,
    headers: seller.headers,
  })
  expect(admin.statusCode, admin.body).toBe(200)
  const customer = await app.inject({ method: 'GET', url: `/api/v1/stores/${seller.store.handle}` })
  expect(customer.statusCode, customer.body).toBe(200)
  const mine = admin.json() as Record<string, unknown> & { latitude: number; longitude: number }
  expect(pick(customer.json(), SHARED_STORE_FIELDS)).toEqual(pick(mine, SHARED_STORE_FIELDS))
  expect(mine.location).toEqual({ type: 'Point', coordinates: [mine.longitude, mine.latitude] })
})

test('a variant: stock as stored in both answers, an untracked one included', async () => {
  const seller = await signedInSeller(app)
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/products',
    headers: seller.headers,
    payload: {
      title: 'Pan dulce',
      status: 'active',
      options: ['Tamaño'],
      variants: [
        { options: { Tamaño: 'Chico' }, price: 500000, stock: 4 },
        // Sold without counting: the seller's count stays, and does not limit sales.
        { options: { Tamaño: 'Grande' }, price: 900000, stock: 7, trackInventory: false },
      ],
    },
  })
  expect(created.statusCode, created.body).toBe(201)
  const productId = (created.json() as { _id: string })._id
  const admin = await app.inject({
    method: 'GET',
    url: `/api/v1/admin/products/${productId}`,
    headers: seller.headers,
  })
  const customer = await app.inject({ method: 'GET', url: `/api/v1/products/${productId}` })
  expect(customer.statusCode, customer.body).toBe(200)
  type V = { _id: string; stock: number; trackInventory: boolean; isAvailable?: boolean }
  const sellerVariants = (admin.json() as { variants: V[] }).variants
  const customerVariants = (customer.json() as { variants: V[] }).variants
  const stockOf = (vs: V[]) => vs.map((v) => [v.stock, v.trackInventory])
  expect(stockOf(sellerVariants)).toEqual([
    [4, true],
    [7, false],
  ])
  expect(stockOf(customerVariants)).toEqual(stockOf(sellerVariants))
  expect(customerVariants.map((v) => v.isAvailable)).toEqual([true, true])
  const shared = [
    '_id',
    'title',
    'sku',
    'options',
    'price',
    'compareAtPrice',
    'stock',
    'trackInventory',
  ]
  expect(customerVariants.map((v) => pick(v, shared))).toEqual(
    sellerVariants.map((v) => pick(v, shared)),
  )
})
