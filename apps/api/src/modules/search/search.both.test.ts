// Search in Spanish (issue 25, decision 042). A *.both.test.ts runs on PostgreSQL and on the
// embedded PGlite in CI (scripts/test.mjs): the Spanish text search configuration, unaccent,
// pg_trgm and fuzzystrmatch must behave alike on both. Each matching rule has a case that must hit
// and a near miss that must not.
import { searchResultSchema } from '@barrio/contracts/search'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { products, productVariants } from '../../db/schema/catalog.ts'
import { stores } from '../../db/schema/stores.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { createShops } from '../../../test/factories.ts'
import type { CatalogChange } from '../../plugins/catalog-events.ts'

let app: TestApp
// Plaza de Mayo; the shops are a few blocks away, except one in Córdoba.
const HERE = { lat: -34.6083, lng: -58.3712 }
const at = `lat=${HERE.lat}&lng=${HERE.lng}`

type Shops = Awaited<ReturnType<typeof createShops>>
let shops: Shops
const titleOf = new Map<string, string>()

async function search(q: string, extra = '') {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/search?q=${encodeURIComponent(q)}&${at}${extra}`,
  })
  expect(res.statusCode, res.body).toBe(200)
  // The answer is assembled as JSON text (answer-json.ts): exactly the contract's, field for field.
  const body: unknown = res.json()
  expect(searchResultSchema.parse(body)).toEqual(body)
  return body as {
    products: { docs: Array<{ _id: string; title: string }>; totalDocs: number }
    stores: { docs: Array<{ _id: string; name: string }>; totalDocs: number }
    suggestion: string | null
  }
}
const titles = async (q: string, extra = '') =>
  (await search(q, extra)).products.docs.map((p) => p.title)

beforeAll(async () => {
  app = await buildTestApp()
  shops = await createShops(app, [
    {
      handle: 'almacen-centro',
      lat: -34.6075,
      lng: -58.3725,
      products: [
        { title: 'Alfajor de maicena', prices: [90000] },
        { title: 'Galletitas de agua', prices: [120000] },
        { title: 'Yerba mate suave 1 kg', prices: [450000] },
        { title: 'Yerba mate intensa 1 kg', prices: [460000] },
        { title: 'Pasas de uva', prices: [200000] },
        { title: 'Dulce de leche repostero', prices: [300000] },
        { title: 'Flan casero', prices: [250000] },
        { title: 'Pan rallado', status: 'draft' },
        { title: 'Alfajor viejo', status: 'archived' },
      ],
    },
    {
      handle: 'verduleria-sur',
      lat: -34.61,
      lng: -58.374,
      products: [
        { title: 'Limón Tahití por kg', prices: [150000] },
        { title: 'Pan francés', prices: [180000] },
        { title: 'Alfajor de chocolate', prices: [110000] },
      ],
    },
    {
      handle: 'farmacia-plaza',
      lat: -34.6088,
      lng: -58.3705,
      products: [{ title: 'Ibuprofeno 400 mg x 10', prices: [500000] }],
    },
    {
      handle: 'cordoba-lejos',
      lat: -31.4201,
      lng: -64.1888,
      products: [{ title: 'Alfajor cordobés' }],
    },
    {
      handle: 'cerrada-hoy',
      lat: -34.6079,
      lng: -58.3718,
      isOpen: false,
      products: [{ title: 'Alfajor santafesino', prices: [95000] }],
    },
  ])
  // What createShops does not set: categories, a store's name, a description and a SKU.
  await app.db
    .update(stores)
    .set({ category: 'farmacia', name: 'Farmacia del Cabildo' })
    .where(eq(stores.id, shops['farmacia-plaza']!.id))
  await app.db
    .update(stores)
    .set({ category: 'verduleria', name: 'La Esquina Verde' })
    .where(eq(stores.id, shops['verduleria-sur']!.id))
  const all = await app.db.select({ id: products.id, title: products.title }).from(products)
  for (const p of all) titleOf.set(p.title, p.id)
  await app.db
    .update(products)
    .set({ description: 'Con dulce de leche por encima, para compartir' })
    .where(eq(products.id, titleOf.get('Flan casero')!))
  await app.db
    .update(productVariants)
    .set({ sku: '7790580123456' })
    .where(eq(productVariants.productId, titleOf.get('Galletitas de agua')!))
})
afterAll(() => app.close())

/**
 * These shops are written to the database directly (createShops, and the updates below): tell
 * the catalogue, as the seller and operator services do after each write they commit.
 */
const changed = (change: CatalogChange) => app.catalogEvents.publish(change)

describe('matching in Spanish', () => {
  test('accents and case are ignored', async () => {
    expect(await titles('limon')).toEqual(['Limón Tahití por kg'])
    expect(await titles('LIMÓN')).toEqual(['Limón Tahití por kg'])
    expect(await titles('frances')).toEqual(['Pan francés'])
  })

  test('singular and plural find each other', async () => {
    expect(await titles('limones')).toEqual(['Limón Tahití por kg'])
    expect(await titles('panes')).toEqual(['Pan francés'])
    expect((await titles('alfajores')).sort()).toEqual([
      'Alfajor de chocolate',
      'Alfajor de maicena',
      'Alfajor santafesino',
    ])
    expect(await titles('galletita')).toEqual(['Galletitas de agua'])
  })

  test('one typo from five letters, two from eight, with the corrected spelling', async () => {
    const alfjor = await search('alfjor')
    expect(alfjor.products.docs.map((p) => p.title).sort()).toEqual([
      'Alfajor de chocolate',
      'Alfajor de maicena',
      'Alfajor santafesino',
    ])
    expect(alfjor.suggestion).toBe('alfajor')
    const galletitsa = await search('galletitsa')
    expect(galletitsa.products.docs.map((p) => p.title)).toEqual(['Galletitas de agua'])
    expect(galletitsa.suggestion).toBe('galletitas')
    // Near misses: two typos in a six-letter word, and any typo in a four-letter one.
    const far = await search('alfxjxr')
    expect(far.products.totalDocs).toBe(0)
    expect(far.suggestion).toBeNull()
    expect(await titles('pera')).toEqual([])
  })

  test('several words narrow the results', async () => {
    expect(await titles('yerba suave')).toEqual(['Yerba mate suave 1 kg'])
    expect((await titles('yerba')).sort()).toEqual([
      'Yerba mate intensa 1 kg',
      'Yerba mate suave 1 kg',
    ])
    expect(await titles('yerba picante')).toEqual([])
  })

  test('a title match outranks a description match', async () => {
    expect(await titles('dulce de leche')).toEqual(['Dulce de leche repostero', 'Flan casero'])
  })

  test('an exact SKU or barcode finds its product; a part of it does not', async () => {
    expect(await titles('7790580123456')).toEqual(['Galletitas de agua'])
    expect(await titles('779058012345')).toEqual([])
  })
})

describe('what is in scope', () => {
  test('only shops that serve the point, never drafts, archived products or archived shops', async () => {
    const found = await titles('alfajor')
    expect(found).not.toContain('Alfajor cordobés')
    expect(found).not.toContain('Alfajor viejo')
    expect(await titles('rallado')).toEqual([])
    expect(await titles('limon')).toEqual(['Limón Tahití por kg'])
    const verduleria = shops['verduleria-sur']!.id
    await app.db.update(stores).set({ status: 'archived' }).where(eq(stores.id, verduleria))
    changed({ kind: 'store', storeId: verduleria, geometry: true })
    try {
      expect(await titles('limon')).toEqual([])
    } finally {
      await app.db.update(stores).set({ status: 'active' }).where(eq(stores.id, verduleria))
      changed({ kind: 'store', storeId: verduleria, geometry: true })
    }
  })

  test('a change is searchable on the next request, though the text was searched before', async () => {
    const almacen = shops['almacen-centro']!.id
    expect(await titles('membrillos')).toEqual([])
    await app.db
      .update(products)
      .set({ title: 'Dulce de membrillo' })
      .where(eq(products.id, titleOf.get('Pasas de uva')!))
    changed({ kind: 'products', storeId: almacen })
    try {
      expect(await titles('membrillos')).toEqual(['Dulce de membrillo'])
    } finally {
      await app.db
        .update(products)
        .set({ title: 'Pasas de uva' })
        .where(eq(products.id, titleOf.get('Pasas de uva')!))
      changed({ kind: 'products', storeId: almacen })
    }
    expect(await titles('membrillos')).toEqual([])
  })

  test('a product past its store’s first 50 (the lists kept per store) is shown all the same', async () => {
    // Rosario: away from the other shops' point.
    const rosario = { lat: -32.9468, lng: -60.6393 }
    const many = await createShops(app, [
      {
        handle: 'almacen-grande',
        ...rosario,
        products: [
          ...Array.from({ length: 50 }, (_, i) => ({
            title: `Arroz largo fino ${String(i + 1).padStart(2, '0')}`,
            prices: [100000 + i],
          })),
          { title: 'Zapallo anco por kg', prices: [130000] },
        ],
      },
    ])
    const there = `&lat=${rosario.lat}&lng=${rosario.lng}`
    const searchThere = async (q: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/search?q=${encodeURIComponent(q)}${there}`,
      })
      expect(res.statusCode, res.body).toBe(200)
      return res.json() as {
        products: { docs: Array<{ title: string; price: number; store: { _id: string } }> }
      }
    }
    // The first search keeps the store's first 50 products; the squash is the 51st by title.
    const rice = await searchThere('arroz')
    expect(rice.products.docs).toHaveLength(9)
    expect(rice.products.docs[0]!.store._id).toBe(many['almacen-grande']!.id)
    const squash = await searchThere('zapallos')
    expect(squash.products.docs.map((p) => [p.title, p.price])).toEqual([
      ['Zapallo anco por kg', 130000],
    ])
  })

  test('filters: category, open now, and sort by price', async () => {
    expect((await titles('alfajor', '&openNow=true')).sort()).toEqual([
      'Alfajor de chocolate',
      'Alfajor de maicena',
    ])
    expect(await titles('alfajor', '&openNow=false')).toContain('Alfajor santafesino')
    expect(await titles('alfajor', '&category=verduleria')).toEqual(['Alfajor de chocolate'])
    expect(await titles('alfajor', '&sort=price')).toEqual([
      'Alfajor de maicena',
      'Alfajor santafesino',
      'Alfajor de chocolate',
    ])
  })
})

describe('shops, suggestions and the lists', () => {
  test('shops match by category and by name', async () => {
    const farmacia = await search('farmacias')
    expect(farmacia.stores.docs.map((s) => s.name)).toEqual(['Farmacia del Cabildo'])
    expect((await search('verduleria')).stores.docs.map((s) => s.name)).toEqual([
      'La Esquina Verde',
    ])
    expect((await search('esquina')).stores.docs.map((s) => s.name)).toEqual(['La Esquina Verde'])
  })

  test('suggest: product titles as the last word is typed, shops and categories', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/search/suggest?q=alfa&${at}` })
    expect(res.statusCode, res.body).toBe(200)
    const docs = res.json().docs as Array<{ kind: string; label: string; storeHandle?: string }>
    expect(
      docs
        .filter((d) => d.kind === 'product')
        .map((d) => d.label)
        .sort(),
    ).toEqual(['Alfajor de chocolate', 'Alfajor de maicena', 'Alfajor santafesino'])
    expect(docs.find((d) => d.label === 'Alfajor de chocolate')?.storeHandle).toBe('verduleria-sur')
    const farm = (
      await app.inject({ method: 'GET', url: `/api/v1/search/suggest?q=farm&${at}` })
    ).json().docs as Array<{ kind: string; label: string; id?: string }>
    expect(farm).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'category', label: 'Farmacia', id: 'farmacia' }),
        expect.objectContaining({ kind: 'store', label: 'Farmacia del Cabildo' }),
      ]),
    )
    expect(farm.length).toBeLessThanOrEqual(8)
  })

  test('GET /products?q= and GET /stores?q= use the same engine', async () => {
    const list = await app.inject({ method: 'GET', url: `/api/v1/products?q=limones&${at}` })
    expect(list.json().docs.map((p: { title: string }) => p.title)).toEqual(['Limón Tahití por kg'])
    const inShop = await app.inject({
      method: 'GET',
      url: `/api/v1/products?q=alfajores&shopId=almacen-centro`,
    })
    expect(inShop.json().docs.map((p: { title: string }) => p.title)).toEqual([
      'Alfajor de maicena',
    ])
    // Without a point: every active shop's products and every shop, best first.
    const anywhere = await app.inject({
      method: 'GET',
      url: '/api/v1/products?q=alfajor%20cordobes',
    })
    expect(anywhere.statusCode, anywhere.body).toBe(200)
    expect(anywhere.json().docs.map((p: { title: string }) => p.title)).toEqual([
      'Alfajor cordobés',
    ])
    const shopsAnywhere = await app.inject({ method: 'GET', url: '/api/v1/stores?q=farmacia' })
    expect(shopsAnywhere.statusCode, shopsAnywhere.body).toBe(200)
    expect(shopsAnywhere.json().docs.map((s: { name: string }) => s.name)).toEqual([
      'Farmacia del Cabildo',
    ])
    const storesList = await app.inject({ method: 'GET', url: `/api/v1/stores?q=farmacia&${at}` })
    expect(storesList.json().docs.map((s: { name: string }) => s.name)).toEqual([
      'Farmacia del Cabildo',
    ])
  })
})

describe('answers kept per search area (decision 046)', () => {
  test('rank a point’s products and shops as the database orders them', async () => {
    const list = await app.inject({ method: 'GET', url: `/api/v1/stores?${at}&limit=50` })
    // The serving shops, nearest first, ties by id: the scope the database statement ranks by.
    const nearIds = (list.json().docs as Array<{ _id: string; distanceKm: number }>)
      .sort((a, b) => a.distanceKm - b.distanceKm || (a._id < b._id ? -1 : 1))
      .map((s) => s._id)
    expect(nearIds.length).toBeGreaterThan(2)
    const handleOf = new Map(Object.entries(shops).map(([handle, s]) => [s.id, handle]))
    for (const q of ['alfajor', 'alfajores', 'dulce de leche', 'yerba', '7790580123456', 'pan']) {
      for (const sort of ['relevance', 'distance', 'price'] as const) {
        const answer = await search(q, `&sort=${sort}&limit=50`)
        const expected = await app.searchService.products({
          text: q,
          scope: { storeIds: nearIds },
          sort,
          page: 1,
          limit: 50,
        })
        const [id] = expected.ids
        expect(id, `${q} finds something`).toBeDefined()
        expect(
          answer.products.docs.map((p) => p._id),
          `${q}, ${sort}`,
        ).toEqual(expected.ids)
        expect(answer.products.totalDocs).toBe(expected.total)
      }
    }
    for (const q of ['tienda', 'farmacia', 'esquina verde']) {
      const expected = await app.searchService.stores({ text: q, scope: { storeIds: nearIds } })
      expect(expected.length, `${q} finds shops`).toBeGreaterThan(0)
      const found = await search(q)
      expect(found.stores.docs.map((s) => handleOf.get(s._id))).toEqual(
        expected.slice(0, 10).map((id) => handleOf.get(id)),
      )
      expect(found.stores.totalDocs).toBe(expected.length)
    }
  })
})

describe('validation', () => {
  test.each([
    ['no text', ''],
    ['only spaces', '&q=%20%20'],
    ['101 characters', `&q=${'a'.repeat(101)}`],
    ['a NUL', '&q=alfa%00jor'],
    ['a control character', '&q=alfa%07'],
  ])('%s is a field error on q', async (_name, query) => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/search?${at}${query}` })
    expect(res.statusCode, res.body).toBe(400)
    expect(JSON.stringify(res.json())).toContain('"q"')
  })

  test('no point is the spec’s location message', async () => {
    for (const path of ['/api/v1/search?q=alfajor', '/api/v1/search/suggest?q=alfajor']) {
      const res = await app.inject({ method: 'GET', url: path })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({
        code: 'MISSING_REQUIRED_FIELD',
        message: 'Latitude and Longitude are required to fetch products by location',
      })
    }
  })
})
