// The sellers' search over their own products, orders and customers (issue 25, decision 042):
// accents and case folded, Spanish stems, one or two typos, and "contains" for what is being typed.
// Runs on PostgreSQL and on PGlite in CI (*.both.test.ts, scripts/test.mjs).
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { shopForCheckout } from '../../../test/factories.ts'

let app: TestApp
let shop: Awaited<ReturnType<typeof shopForCheckout>>

async function list(resource: string, search: string) {
  const query = encodeURIComponent(JSON.stringify({ search }))
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/admin/${resource}?query=${query}&limit=50`,
    headers: shop.seller.headers,
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().docs as Array<Record<string, unknown>>
}
const productTitles = async (search: string) =>
  (await list('products', search)).map((p) => p.title as string).sort()
const customerNames = async (search: string) =>
  (await list('customers', search)).map((c) => `${c.firstName} ${c.lastName}`).sort()

beforeAll(async () => {
  app = await buildTestApp()
  shop = await shopForCheckout(app, { stock: 100 })
  for (const title of ['Alfajor de maicena', 'Limón Tahití', 'Galletitas de agua']) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/products',
      headers: shop.seller.headers,
      payload: { title, status: 'active', variants: [{ options: {}, price: 100000, stock: 5 }] },
    })
    expect(res.statusCode, res.body).toBe(201)
  }
  for (const [firstName, lastName, phone] of [
    ['Rosa', 'González', '11 4567-8901'],
    ['Martín', 'Pérez', '11 4444-1234'],
  ]) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/customers',
      headers: shop.seller.headers,
      payload: { firstName, lastName, phone },
    })
    expect(res.statusCode, res.body).toBe(201)
    const placed = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/orders',
      headers: shop.seller.headers,
      payload: {
        customerId: res.json()._id,
        items: [{ variantId: shop.manteca._id, quantity: 1 }],
        deliveryType: 'pickup',
        paymentMethod: 'cash',
        paid: true,
      },
    })
    expect(placed.statusCode, placed.body).toBe(201)
  }
})
afterAll(() => app.close())

describe("the seller's search", () => {
  test('products: accents, plurals, typos and what is being typed; near misses do not match', async () => {
    expect(await productTitles('limon')).toEqual(['Limón Tahití'])
    expect(await productTitles('alfajores')).toEqual(['Alfajor de maicena'])
    expect(await productTitles('galletitsa')).toEqual(['Galletitas de agua'])
    expect(await productTitles('alfa')).toEqual(['Alfajor de maicena'])
    expect(await productTitles('alfxjxr')).toEqual([])
    expect(await productTitles('lima')).toEqual([])
  })

  test('customers and orders: a name without its accent or with a typo', async () => {
    expect(await customerNames('gonzalez')).toEqual(['Rosa González'])
    expect(await customerNames('Gonzales')).toEqual(['Rosa González'])
    expect(await customerNames('perez martin')).toEqual(['Martín Pérez'])
    expect(await customerNames('Gomez')).toEqual([])
    const orders = await list('orders', 'gonzales')
    expect(orders).toHaveLength(1)
    expect(orders[0]!.customer).toMatchObject({ name: 'Rosa González' })
    expect(await list('orders', 'rodriguez')).toEqual([])
  })
})
