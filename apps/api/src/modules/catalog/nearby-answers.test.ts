import { buildPage } from '@barrio/contracts/pagination'
import { productPageSchema } from '@barrio/contracts/products'
import { storePageSchema } from '@barrio/contracts/stores'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { createShops } from '../../../test/factories.ts'
import { jsonWithText, pageJson } from './answer-json.ts'

// The nearby answers are assembled from JSON parts kept per store and product (decision 066)
// rather than validated and serialized whole: what they say must still be exactly what the
// contract allows (parsing strips unknown fields and checks every type) and what the customer
// at that distance should see.

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
  await createShops(app, [
    {
      handle: 'cerca',
      lat: -34.5885,
      lng: -58.4305,
      deliveryTypes: ['delivery', 'pickup'],
      deliveryRadiusKm: 5,
      products: [
        { title: 'Alfajor de maicena', prices: [90_000] },
        { title: 'Budín de limón', prices: [450_000, 520_000] },
      ],
    },
    {
      handle: 'lejos',
      lat: -34.6037,
      lng: -58.3816,
      deliveryTypes: ['pickup'],
      products: [{ title: 'Medialunas x 6', prices: [300_000] }],
    },
  ])
})
afterAll(async () => {
  await app.close()
})

const get = async (url: string) => {
  const res = await app.inject({ method: 'GET', url })
  expect(res.statusCode, res.body).toBe(200)
  const body = res.json() as { docs: unknown[] }
  // One store per product card and one distance per shop: a part kept with the field that varies
  // would repeat the key (JSON.parse keeps the last, so parsing alone cannot tell).
  const key = url.includes('/products') ? '"store":' : '"distanceKm":'
  expect(res.body.split(key).length - 1).toBe(body.docs.length)
  return body as Record<string, unknown>
}

test('a kept part leaves out the fields that vary, which come from the answer', () => {
  const product = { _id: 'p1', title: 'Pan', store: { name: 'viejo' }, tags: ['a'] }
  expect(jsonWithText(product, ['store'], '{"store":{"name":"nuevo"}}')).toBe(
    '{"_id":"p1","title":"Pan","tags":["a"],"store":{"name":"nuevo"}}',
  )
  // Kept per object: the second answer reuses the text, with its own store.
  expect(jsonWithText(product, ['store'], '{"store":{"name":"otro"}}')).toBe(
    '{"_id":"p1","title":"Pan","tags":["a"],"store":{"name":"otro"}}',
  )
  expect(
    JSON.parse(pageJson(['{"a":1}', '{"a":2}'], 12, { page: 2, limit: 2 }).toString()),
  ).toEqual(buildPage([{ a: 1 }, { a: 2 }], 12, { page: 2, limit: 2 }))
  expect(pageJson([], 0, { page: 1, limit: 10 }).toString()).toBe(
    JSON.stringify(buildPage([], 0, { page: 1, limit: 10 })),
  )
})

test('the stores near a point are exactly what the contract allows, delivery as the distance allows', async () => {
  // ~4.8 km apart: "lejos" (pickup only) shows within the browsing radius, "cerca" delivers 5 km.
  for (let i = 0; i < 3; i++) {
    const body = await get('/api/v1/stores?lat=-34.5885&lng=-58.4305')
    expect(storePageSchema.parse(body)).toEqual(body)
    const docs = body.docs as Array<{
      handle: string
      distanceKm: number
      deliveryTypes: string[]
      terms?: { delivery: unknown }
    }>
    expect(docs.map((d) => d.handle)).toEqual(['cerca', 'lejos'])
    expect(docs[0]!.distanceKm).toBe(0)
    expect(docs[0]!.deliveryTypes).toEqual(['delivery', 'pickup'])
    expect(docs[1]!.distanceKm).toBeGreaterThan(4)
    expect(docs[1]!.deliveryTypes).toEqual(['pickup'])
    expect(docs[1]!.terms?.delivery).toBeNull()
    expect(docs[0]!.terms?.delivery).not.toBeNull()
    expect(body).toMatchObject({ totalDocs: 2, page: 1, totalPages: 1, hasNextPage: false })
  }
  // From the other shop's door: the same kept parts, other distances.
  const there = await get('/api/v1/stores?lat=-34.6037&lng=-58.3816')
  expect(storePageSchema.parse(there)).toEqual(there)
  const docs = there.docs as Array<{ handle: string; deliveryTypes: string[] }>
  expect(docs.map((d) => [d.handle, d.deliveryTypes])).toEqual([
    ['lejos', ['pickup']],
    ['cerca', ['delivery', 'pickup']],
  ])
})

test('the products near a point carry their store at this point’s distance, pages included', async () => {
  const kept = () => app.catalogCacheStats().find((c) => c.cache === 'storeProducts')!.entries
  expect(kept()).toBe(0)
  const first = await get('/api/v1/products?lat=-34.5885&lng=-58.4305&limit=2')
  expect(productPageSchema.parse(first)).toEqual(first)
  // The page shows one store's products; the next nearest store's were read with them.
  expect(kept()).toBe(2)
  const second = await get('/api/v1/products?lat=-34.5885&lng=-58.4305&limit=2&page=2')
  expect(productPageSchema.parse(second)).toEqual(second)
  type Doc = { title: string; price: number; store: { handle: string; distanceKm: number } }
  const docs = [...(first.docs as Doc[]), ...(second.docs as Doc[])]
  expect(docs.map((d) => [d.title, d.store.handle])).toEqual([
    ['Alfajor de maicena', 'cerca'],
    ['Budín de limón', 'cerca'],
    ['Medialunas x 6', 'lejos'],
  ])
  expect(docs[1]!.price).toBe(450_000)
  expect(first).toMatchObject({ totalDocs: 3, totalPages: 2, hasNextPage: true, nextPage: 2 })
  expect(second).toMatchObject({ page: 2, hasPrevPage: true, prevPage: 1, hasNextPage: false })
  // The same products from elsewhere: the kept product text with this point's store distance.
  const elsewhere = await get('/api/v1/products?lat=-34.6037&lng=-58.3816&limit=3')
  const moved = elsewhere.docs as Doc[]
  expect(moved[0]!.store).toMatchObject({ handle: 'lejos', distanceKm: 0 })
  expect(moved.find((d) => d.store.handle === 'cerca')!.store.distanceKm).toBeGreaterThan(4)
})
