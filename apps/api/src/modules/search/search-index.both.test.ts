// The in-process search index (decision 058) against the SQL engine it replaces near a point
// (decision 042's statements), on PostgreSQL and on PGlite: the same matches with the same
// ts_rank, the same corrections, and a change of a product or a store searchable on the next call.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { products, productVariants } from '../../db/schema/catalog.ts'
import { stores } from '../../db/schema/stores.ts'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import { createShops } from '../../../test/factories.ts'
import { maxEditsFor, searchWords } from '../../lib/search.ts'
import { productMatchesIn } from './search-index.ts'
import { rankProducts, rankStores, rankSuggestions } from './search-ranking.ts'
import { createSearchRepository, type SearchRepository } from './search.repository.ts'

let app: TestApp
let sqlEngine: SearchRepository
type Shops = Awaited<ReturnType<typeof createShops>>
let shops: Shops
let storeIds: string[]
const idOf = new Map<string, string>()

beforeAll(async () => {
  app = await buildTestApp()
  sqlEngine = createSearchRepository(app.db)
  shops = await createShops(app, [
    {
      handle: 'almacen-uno',
      lat: -34.6075,
      lng: -58.3725,
      products: [
        { title: 'Alfajor de maicena', prices: [90000] },
        { title: 'Alfajores de maicena x 6', prices: [250000] },
        { title: 'Alfajor Havanna 500 g', prices: [450000, 400000] },
        { title: 'alfajor havanna 500 g', handle: 'alfajor-havanna-chico', prices: [450000] },
        { title: 'Galletitas de agua', prices: [120000] },
        { title: 'Yerba mate suave 1 kg', prices: [450000] },
        { title: 'Dulce de leche repostero', prices: [300000] },
        { title: 'Leche en polvo', prices: [500000] },
        { title: 'Café molido', prices: [700000] },
        { title: 'Alfajor borrador', status: 'draft' },
      ],
    },
    {
      handle: 'panaderia-dos',
      lat: -34.6081,
      lng: -58.3719,
      products: [
        { title: 'Medialunas de manteca x 12', prices: [400000] },
        { title: 'Pan francés', prices: [180000] },
        { title: 'Panes de miga', prices: [300000] },
        { title: 'Alfajor de chocolate', prices: [110000] },
        { title: 'Alfajor de maicena', prices: [95000] },
      ],
    },
    {
      handle: 'farmacia-tres',
      lat: -34.6088,
      lng: -58.3705,
      products: [
        { title: 'Ibuprofeno 400 mg x 10', prices: [500000] },
        { title: 'Alcohol en gel 250 ml', prices: [350000] },
        { title: 'Protector solar factor 50', prices: [1200000] },
      ],
    },
  ])
  storeIds = Object.values(shops).map((s) => s.id)
  const all = await app.db.select({ id: products.id, title: products.title }).from(products)
  for (const p of all) idOf.set(p.title, p.id)
  await app.db
    .update(stores)
    .set({ category: 'farmacia', name: 'Farmacia La Esquina', description: 'Perfumería y leche' })
    .where(eq(stores.id, shops['farmacia-tres']!.id))
  await app.db
    .update(products)
    .set({
      description: 'Con dulce de leche y coco rallado; el alfajor de siempre',
      tags: ['alfajor', 'maicena', 'sin tacc'],
    })
    .where(eq(products.id, idOf.get('Alfajores de maicena x 6')!))
  await app.db
    .update(products)
    .set({ description: 'Leche leche leche, alfajor alfajor' })
    .where(eq(products.id, idOf.get('Leche en polvo')!))
  await app.db
    .update(productVariants)
    .set({ sku: 'ABC-7790580123456' })
    .where(eq(productVariants.productId, idOf.get('Galletitas de agua')!))
})
afterAll(() => app.close())

const TEXTS = [
  'alfajor',
  'alfajores',
  'ALFAJOR de maicena',
  'maicena alfajor',
  'dulce de leche',
  'leche',
  'havanna 500',
  'pan',
  'panes',
  'cafe',
  'farmacia',
  'esquina',
  'perfumeria',
  'sin tacc',
  'abc-7790580123456',
  'ABC-7790580123456',
  'de',
  'alfajor alfajores',
  'x 12',
  'nada que ver',
]

/** Every store's position in the list, as a point ranks them. */
const positions = () => new Map(storeIds.map((id, i) => [id, i]))
const byId = <T extends { id: string }>(list: T[]) =>
  [...list].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))

describe('the index answers as the SQL engine', () => {
  test('product matches: the same products, ranks, SKU flags and prices, ranked alike', async () => {
    for (const text of TEXTS) {
      await app.searchIndexes.of(storeIds)
      const fromIndex = await app.searchService.productMatches({ text, storeIds })
      const fromSql = await sqlEngine.productMatches({ query: { words: text }, text, storeIds })
      // titleOrder: the index's is the place within the store (the only ties it breaks).
      const strip = (m: (typeof fromSql)[number]) => ({ ...m, titleOrder: 0 })
      expect(byId(fromIndex).map(strip), text).toEqual(byId(fromSql).map(strip))
      for (const sort of ['relevance', 'distance', 'price'] as const) {
        expect(rankProducts(fromIndex, positions(), sort, 1, 50), `${text} ${sort}`).toEqual(
          rankProducts(fromSql, positions(), sort, 1, 50),
        )
      }
    }
    // A store the index lacks (its index just retired) is answered in SQL beside the others.
    await app.searchIndexes.of(storeIds)
    app.catalogEvents.publish({ kind: 'products', storeId: shops['panaderia-dos']!.id })
    expect(app.searchIndexes.ready(storeIds).missing).toContain(shops['panaderia-dos']!.id)
    const mixed = await app.searchService.productMatches({ text: 'alfajor', storeIds })
    const sqlOnly = await sqlEngine.productMatches({
      query: { words: 'alfajor' },
      text: 'alfajor',
      storeIds,
    })
    expect(rankProducts(mixed, positions(), 'relevance', 1, 50)).toEqual(
      rankProducts(sqlOnly, positions(), 'relevance', 1, 50),
    )
    // Something was found, with title and description ranks that differ.
    const leche = await app.searchService.productMatches({ text: 'leche', storeIds })
    expect(new Set(leche.map((m) => m.rank)).size).toBeGreaterThan(1)
  })

  test('store matches, words and prefixes', async () => {
    for (const text of [...TEXTS, 'farm', 'esq', 'tienda pan']) {
      for (const prefix of [false, true]) {
        await app.searchIndexes.of(storeIds)
        const fromIndex = await app.searchService.storeMatches({ text, storeIds, prefix })
        const words = searchWords(text)
        const query =
          prefix && words.length > 0 ? { prefix: words } : prefix ? null : { words: text }
        const fromSql = query ? await sqlEngine.storeMatches({ query, storeIds }) : []
        expect(byId(fromIndex), `${text} ${prefix}`).toEqual(byId(fromSql))
        expect(rankStores(fromIndex, positions())).toEqual(rankStores(fromSql, positions()))
      }
    }
  })

  test('suggestions as the last word is typed', async () => {
    // 'ma', 'm' and 'p' start several lexemes of one store; 'yerba ma' and 'alfa de ma' are
    // prefixes only, the index checks the ones after the first.
    const typed = ['al', 'alfa', 'alfajor de m', 'le', 'pan', 'med', 'ibu', 'x', 'de le', 'ma']
    for (const text of [...typed, 'm', 'p', 'yerba ma', 'alfa de ma', 'zzz']) {
      for (const prefix of [true, false]) {
        await app.searchIndexes.of(storeIds)
        const fromIndex = await app.searchService.suggestionMatches({ text, storeIds, prefix })
        const words = searchWords(text)
        const fromSql = await sqlEngine.suggestionMatches({
          query: prefix ? { prefix: words } : { words: text },
          storeIds,
        })
        expect(fromIndex.length, text).toBe(fromSql.length)
        // titleOrder is the place within the store in the index (the only ties it breaks).
        const strip = (list: typeof fromSql) => list.map((m) => ({ ...m, titleOrder: 0 }))
        expect(strip(rankSuggestions(fromIndex, positions(), 8)), `${text} ${prefix}`).toEqual(
          strip(rankSuggestions(fromSql, positions(), 8)),
        )
      }
    }
    const alfa = await app.searchService.suggestionMatches({ text: 'alfa', storeIds, prefix: true })
    expect(alfa.length).toBeGreaterThan(3)
  })

  test('typos: the same nearest words, with every store indexed or only some', async () => {
    for (const text of ['alfjor', 'galletitsa', 'medialnas', 'ibuprfeno', 'fatmacia', 'yetba']) {
      const fixable = searchWords(text)
        .map((word) => ({ word, maxEdits: maxEditsFor(word) }))
        .filter((w) => w.maxEdits > 0)
      const fromSql = await sqlEngine.nearestWords(fixable, { storeIds })
      expect(fromSql.some(Boolean), text).toBe(true)
      const expected = searchWords(text)
        .map((w) => fromSql[fixable.findIndex((f) => f.word === w)] ?? w)
        .join(' ')
      await app.searchIndexes.of(storeIds)
      expect(await app.searchService.correct(text, { storeIds }), text).toBe(expected)
      // Stores the index lacks: their words near the typo come from SQL, merged with the index's.
      for (const shop of ['panaderia-dos', 'farmacia-tres']) {
        app.catalogEvents.publish({ kind: 'products', storeId: shops[shop]!.id })
      }
      expect(app.searchIndexes.ready(storeIds).missing).toHaveLength(2)
      expect(await app.searchService.correct(text, { storeIds }), `${text}, mixed`).toBe(expected)
    }
  })
})

describe('a change is searchable on the next call', () => {
  const almacen = () => shops['almacen-uno']!.id
  /**
   * What the index itself finds (`of` gives the kept index or a fresh one, never one from before
   * a change event), and what the engine answers (the index, or SQL for a store it lacks): both.
   */
  const found = async (text: string) => {
    const { query, lower } = await app.searchIndexes.normalised({ words: text }, text)
    const indexed = productMatchesIn(await app.searchIndexes.of(storeIds), query!, lower)
    const answered = await app.searchService.productMatches({ text, storeIds })
    const ids = indexed.map((m) => m.id).sort()
    expect(answered.map((m) => m.id).sort()).toEqual(ids)
    return ids
  }

  test('a product edited, hidden and shown again', async () => {
    const id = idOf.get('Café molido')!
    expect(await found('cafe')).toEqual([id])
    await app.db.update(products).set({ title: 'Té en hebras' }).where(eq(products.id, id))
    app.catalogEvents.publish({ kind: 'products', storeId: almacen() })
    expect(await found('cafe')).toEqual([])
    expect(await found('te hebras')).toEqual([id])
    await app.db.update(products).set({ hiddenAt: new Date() }).where(eq(products.id, id))
    app.catalogEvents.publish({ kind: 'products', storeId: almacen() })
    expect(await found('te hebras')).toEqual([])
    await app.db
      .update(products)
      .set({ title: 'Café molido', hiddenAt: null })
      .where(eq(products.id, id))
    app.catalogEvents.publish({ kind: 'products', storeId: almacen() })
    expect(await found('cafe')).toEqual([id])
  })

  test('a suspended store is found no more, nor its products; back when reinstated', async () => {
    const farmacia = shops['farmacia-tres']!.id
    const ibuprofeno = idOf.get('Ibuprofeno 400 mg x 10')!
    expect(await found('ibuprofeno')).toEqual([ibuprofeno])
    await app.searchIndexes.of(storeIds)
    expect(
      (await app.searchService.storeMatches({ text: 'farmacia', storeIds })).map((s) => s.id),
    ).toEqual([farmacia])
    await app.db.update(stores).set({ suspendedAt: new Date() }).where(eq(stores.id, farmacia))
    app.catalogEvents.publish({ kind: 'store', storeId: farmacia, geometry: true })
    try {
      expect(await found('ibuprofeno')).toEqual([])
      await app.searchIndexes.of(storeIds)
      expect(await app.searchService.storeMatches({ text: 'farmacia', storeIds })).toEqual([])
      const suggested = await app.searchService.suggestionMatches({
        text: 'ibu',
        storeIds,
        prefix: true,
      })
      expect(suggested).toEqual([])
    } finally {
      await app.db.update(stores).set({ suspendedAt: null }).where(eq(stores.id, farmacia))
      app.catalogEvents.publish({ kind: 'store', storeId: farmacia, geometry: true })
    }
    expect(await found('ibuprofeno')).toEqual([ibuprofeno])
  })
})
