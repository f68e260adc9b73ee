import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { productInput, signedInSeller } from '../../../test/factories.ts'

let app: TestApp
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(async () => {
  await app.close()
})

test('collections keep ordered membership, page 10, and customers filter a shop by them', async () => {
  const s = await signedInSeller(app)
  const mk = async (title: string) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/v1/admin/products',
        headers: s.headers,
        payload: productInput({ title }),
      })
    ).json()._id
  const [a, b] = [await mk('Alfajor'), await mk('Budín')]
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/collections',
    headers: s.headers,
    payload: { title: 'Dulces de la casa', description: 'Para la merienda', productIds: [b, a] },
  })
  expect(created.statusCode).toBe(201)
  const col = created.json()
  expect(col).toMatchObject({ handle: 'dulces-de-la-casa', productIds: [b, a] })
  const list = (
    await app.inject({ method: 'GET', url: '/api/v1/admin/collections', headers: s.headers })
  ).json()
  expect(list).toMatchObject({ limit: 10, totalDocs: 1 })

  const customer = await app.inject({
    method: 'GET',
    url: `/api/v1/products?shopId=${s.store.handle}&collection=dulces-de-la-casa`,
  })
  expect(
    customer
      .json()
      .docs.map((p: { title: string }) => p.title)
      .sort(),
  ).toEqual(['Alfajor', 'Budín'])
  const cols = await app.inject({
    method: 'GET',
    url: `/api/v1/stores/${s.store.handle}/collections`,
  })
  expect(cols.json()).toEqual([
    expect.objectContaining({ title: 'Dulces de la casa', productCount: 2 }),
  ])

  const edited = await app.inject({
    method: 'PUT',
    url: `/api/v1/admin/collections/${col._id}`,
    headers: s.headers,
    payload: { title: 'Dulces', productIds: [a] },
  })
  expect(edited.json()).toMatchObject({ title: 'Dulces', handle: 'dulces', productIds: [a] })
  const del = await app.inject({
    method: 'DELETE',
    url: `/api/v1/admin/collections/${col._id}`,
    headers: s.headers,
  })
  expect(del.statusCode).toBe(204)
  expect(
    (
      await app.inject({
        method: 'GET',
        url: `/api/v1/admin/collections/${col._id}`,
        headers: s.headers,
      })
    ).statusCode,
  ).toBe(404)
})

test('another store’s products cannot join, and another seller cannot touch the collection', async () => {
  const s = await signedInSeller(app)
  const other = await signedInSeller(app)
  const theirs = (
    await app.inject({
      method: 'POST',
      url: '/api/v1/admin/products',
      headers: other.headers,
      payload: productInput(),
    })
  ).json()._id
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/collections',
    headers: s.headers,
    payload: { title: 'Mezcla', productIds: [theirs] },
  })
  expect(res.statusCode).toBe(400)
  expect(res.json().errors).toEqual([expect.objectContaining({ name: 'productIds' })])
  const mine = (
    await app.inject({
      method: 'POST',
      url: '/api/v1/admin/collections',
      headers: s.headers,
      payload: { title: 'Mía' },
    })
  ).json()
  for (const method of ['GET', 'PUT', 'DELETE'] as const) {
    const r = await app.inject({
      method,
      url: `/api/v1/admin/collections/${mine._id}`,
      headers: other.headers,
      ...(method === 'PUT' ? { payload: { title: 'x' } } : {}),
    })
    expect(r.statusCode, method).toBe(404)
  }
  const dup = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/collections',
    headers: s.headers,
    payload: { title: 'Mía' },
  })
  expect(dup.json()).toMatchObject({ code: 'CONFLICT', errors: [{ name: 'handle' }] })
})
