// The in-process index's cache (decision 058) with a fake repository: what a change event retires,
// what a load that a change overtook may keep, and the memory bound.
import { describe, expect, test, vi } from 'vitest'
import type { IndexProductRow, IndexStoreRow } from './search-index.ts'
import type { SearchRepository } from './search.repository.ts'
import { createStoreIndexes } from './store-indexes.ts'

function fakeRepository(titles: Map<string, string[]>) {
  const loads: string[][] = []
  let gate: Promise<void> | null = null
  const repository = {
    async indexRows(ids: readonly string[]) {
      loads.push([...ids])
      // Read before waiting: what the database held when the statement ran.
      const stores: IndexStoreRow[] = ids.map((id) => ({
        id,
        name: `Tienda ${id}`,
        handle: id,
        listed: true,
        vector: null,
        folded: `tienda ${id}`,
      }))
      const products: IndexProductRow[] = ids.flatMap((id) =>
        (titles.get(id) ?? []).map((title, i) => ({
          id: `${id}-${i}`,
          storeId: id,
          title,
          handle: `${id}-${i}`,
          vector: `'${title.toLowerCase()}':1A`,
          folded: title.toLowerCase(),
          price: 100,
          skus: [],
        })),
      )
      if (gate) await gate
      return { stores, products }
    },
    async queryText(input: { text: string }) {
      return { tsquery: `'${input.text}'`, lower: input.text }
    },
  }
  return {
    repository: repository as unknown as SearchRepository,
    loads,
    hold() {
      let open!: () => void
      gate = new Promise((resolve) => (open = resolve))
      return () => {
        gate = null
        open()
      }
    },
  }
}

const titlesOf = (index: { products: Array<{ title: string }> }) =>
  index.products.map((p) => p.title)
const options = { ttlMs: 60_000, maxStores: 100, maxProducts: 1000, maxQueries: 10 }

describe('store indexes', () => {
  test('kept until a change of their store; other stores stay', async () => {
    const titles = new Map([
      ['a', ['alfajor']],
      ['b', ['pan']],
    ])
    const fake = fakeRepository(titles)
    const indexes = createStoreIndexes(fake.repository, options)
    await indexes.of(['a', 'b'])
    await indexes.of(['a', 'b'])
    expect(fake.loads).toEqual([['a', 'b']])
    titles.set('a', ['turron'])
    indexes.invalidate({ kind: 'products', storeId: 'a' })
    const found = new Map((await indexes.of(['a', 'b'])).map((index) => [index.id, index]))
    expect(fake.loads).toEqual([['a', 'b'], ['a']])
    expect([titlesOf(found.get('a')!), titlesOf(found.get('b')!)]).toEqual([['turron'], ['pan']])
    indexes.invalidate({ kind: 'store', storeId: '*', geometry: true })
    expect(indexes.size().stores).toBe(0)
  })

  test('a load a change overtook answers its request but is not kept', async () => {
    const titles = new Map([['a', ['alfajor']]])
    const fake = fakeRepository(titles)
    const indexes = createStoreIndexes(fake.repository, options)
    const release = fake.hold()
    const loading = indexes.of(['a'])
    titles.set('a', ['turron'])
    indexes.invalidate({ kind: 'products', storeId: 'a' })
    release()
    expect(titlesOf((await loading)[0]!)).toEqual(['alfajor'])
    expect(titlesOf((await indexes.of(['a']))[0]!)).toEqual(['turron'])
    expect(fake.loads).toHaveLength(2)
  })

  test('a store not kept is reported missing and loads in the background on its second miss', async () => {
    const fake = fakeRepository(new Map([['a', ['alfajor']]]))
    const indexes = createStoreIndexes(fake.repository, options)
    const tick = () => new Promise((resolve) => setTimeout(resolve, 0))
    expect(indexes.ready(['a'])).toEqual({ found: [], missing: ['a'] })
    await tick()
    // Asked for once (a scattered point): answered in SQL, not loaded; the same request's
    // other lookups (`admit: false`) do not count as a second miss.
    expect(indexes.ready(['a'], { admit: false })).toEqual({ found: [], missing: ['a'] })
    await tick()
    expect(fake.loads).toEqual([])
    expect(indexes.ready(['a'])).toEqual({ found: [], missing: ['a'] })
    await tick()
    const { found, missing } = indexes.ready(['a'])
    expect(missing).toEqual([])
    expect(found.map(titlesOf)).toEqual([['alfajor']])
    expect(fake.loads).toEqual([['a']])
  })

  test('memory is bounded by stores and products, least recently used first', async () => {
    const titles = new Map(
      Array.from({ length: 10 }, (_, i) => [`s${i}`, ['uno', 'dos', 'tres']] as [string, string[]]),
    )
    const fake = fakeRepository(titles)
    const indexes = createStoreIndexes(fake.repository, { ...options, maxProducts: 12 })
    // A store in use moves to the LRU's end at most once a second: the clock is the test's.
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      await indexes.of(['s0', 's1', 's2', 's3'])
      // Used again within the second: not moved (s0 would go first)...
      await indexes.of(['s0'])
      vi.setSystemTime(Date.now() + 1_000)
      // ...and a second later, moved: s1 is now the least recently used.
      await indexes.of(['s0'])
      await indexes.of(['s4'])
      expect(indexes.size()).toMatchObject({ stores: 4, products: 12 })
      fake.loads.length = 0
      await indexes.of(['s0', 's2', 's3', 's4'])
      expect(fake.loads).toEqual([])
      await indexes.of(['s1'])
      expect(fake.loads).toEqual([['s1']])
    } finally {
      vi.useRealTimers()
    }
  })

  test('past its TTL an index answers within its grace while it is read again, then the new one; beyond the grace, SQL', async () => {
    const titles = new Map([['a', ['alfajor']]])
    const fake = fakeRepository(titles)
    const tick = () => new Promise((resolve) => setImmediate(resolve))
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const graced = createStoreIndexes(fake.repository, { ...options, staleMs: 60_000 })
      const strict = createStoreIndexes(fake.repository, options)
      await graced.of(['a'])
      await strict.of(['a'])
      titles.set('a', ['turron'])
      vi.setSystemTime(Date.now() + 61_000)
      fake.loads.length = 0
      // The strict one (no bus: the TTL is how changes arrive) has nothing to answer with.
      expect(strict.ready(['a'], { admit: false }).missing).toEqual(['a'])
      // The graced one answers with what it had, and reads the store again in the background.
      expect(graced.ready(['a']).found.map(titlesOf)).toEqual([['alfajor']])
      await tick()
      await tick()
      expect(fake.loads).toEqual([['a']])
      expect(graced.ready(['a']).found.map(titlesOf)).toEqual([['turron']])
      // Beyond TTL + grace without being read again: missing.
      vi.setSystemTime(Date.now() + 121_000)
      expect(graced.ready(['a'], { admit: false })).toEqual({ found: [], missing: ['a'] })
    } finally {
      vi.useRealTimers()
    }
  })

  test("a typo's near words come with their uses summed over the stores asked, as stores come and go", async () => {
    const titles = new Map([
      ['a', ['alfajor', 'alfajor triple']],
      ['b', ['alfajor']],
      ['c', ['alfajores']],
    ])
    const indexes = createStoreIndexes(fakeRepository(titles).repository, options)
    const [a, b] = await indexes.of(['a', 'b'])
    expect(indexes.wordsNear([a!, b!], 'alfjor', 1)).toEqual([['alfajor', 3]])
    expect(indexes.wordsNear([b!], 'alfjor', 1)).toEqual([['alfajor', 1]])
    expect(indexes.wordsNear([a!, b!], 'alfajore', 1)).toEqual([['alfajor', 3]])
    // A store kept after the typo was first asked: its words are found too.
    const [c] = await indexes.of(['c'])
    expect(indexes.wordsNear([a!, b!, c!], 'alfajore', 1)).toEqual([
      ['alfajor', 3],
      ['alfajores', 1],
    ])
    // A store that changed is no longer counted; the words of those asked only.
    indexes.invalidate({ kind: 'products', storeId: 'a' })
    expect(indexes.wordsNear([b!, c!], 'alfajore', 1)).toEqual([
      ['alfajor', 1],
      ['alfajores', 1],
    ])
    expect(indexes.wordsNear([c!], 'alfjor', 1)).toEqual([])
  })
})
