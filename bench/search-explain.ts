/**
 * EXPLAIN ANALYZE of the search engine's statements (apps/api/src/modules/search/
 * search.repository.ts) on a database kept by `BENCH_KEEP_DB=1 npx tsx bench/search.bench.ts`:
 * the repository's own SQL, each statement wrapped in `explain (analyze, buffers)`, for one
 * query at the CABA centre with the nearest 100 serving stores as the scope (as GET /search).
 *
 * Run: npx tsx bench/search-explain.ts postgres://postgres@127.0.0.1:5432/barrio_bench_… [query]
 */
import { sql, type SQL } from 'drizzle-orm'
import { openDatabase, type Db } from '../apps/api/src/db/client.ts'
import { createSearchRepository } from '../apps/api/src/modules/search/search.repository.ts'
import { maxEditsFor, searchWords } from '../apps/api/src/lib/search.ts'

const url = process.argv[2]
const text = process.argv[3] ?? 'alfajores'
if (!url) throw new Error('usage: search-explain.ts <database url> [query]')
const point = { lat: Number(process.env.LAT ?? -34.6037), lng: Number(process.env.LNG ?? -58.4) }

const database = await openDatabase({ driver: 'postgres', url, max: 2 })
const db = database.db
try {
  // The scope: the nearest 100 stores whose serving disc covers the point (decision 024's cells).
  const scope = await db.execute<{ id: string }>(sql`
    select c.store_id as id from store_service_cells c join stores s on s.id = c.store_id
    where c.cell = floor(${point.lat}::float8 * 10)::int * 4096 + floor(${point.lng}::float8 * 10)::int
      and s.status = 'active'
      and earth_distance(ll_to_earth(c.latitude, c.longitude), ll_to_earth(${point.lat}, ${point.lng})) <= c.serve_km * 1000
    order by earth_distance(ll_to_earth(c.latitude, c.longitude), ll_to_earth(${point.lat}, ${point.lng}))
    limit 100`)
  const storeIds = scope.rows.map((r) => r.id)
  console.log(`"${text}" at ${point.lat}, ${point.lng}: ${storeIds.length} stores in scope\n`)

  let label = ''
  // Every statement the repository runs, explained instead of answered.
  const explaining = {
    async execute(query: SQL) {
      const started = performance.now()
      const plan = await db.execute<{ 'QUERY PLAN': string }>(
        sql`explain (analyze, buffers) ${query}`,
      )
      console.log(`### ${label} (${(performance.now() - started).toFixed(1)} ms with EXPLAIN)`)
      // The scope's 100 uuids, once per node, would drown the plan.
      const lines = plan.rows.map((r) =>
        r['QUERY PLAN'].replace(
          /'\{[0-9a-f-]{36}(,[0-9a-f-]{36})*\}'/g,
          (ids) => `'{${ids.split(',').length} ids}'`,
        ),
      )
      console.log(lines.join('\n'), '\n')
      return { rows: [] }
    },
  } as unknown as Db
  const repository = createSearchRepository(explaining)
  const words = searchWords(text)
  label = 'products (all words, one page: no point, one shop, a collection)'
  await repository.products({
    query: { words: text },
    text,
    scope: { storeIds },
    sort: 'relevance',
    page: 1,
    limit: 9,
  })
  label = 'productMatches (all words: what a search area keeps)'
  await repository.productMatches({ query: { words: text }, text, storeIds })
  label = 'storeMatches (all words)'
  await repository.storeMatches({ query: { words: text }, storeIds })
  label = 'suggestionMatches (prefix)'
  await repository.suggestionMatches({ query: { prefix: words }, storeIds })
  label = 'storeMatches (prefix, for suggestions)'
  await repository.storeMatches({ query: { prefix: words }, storeIds })
  label = 'nearestWords (typo correction)'
  await repository.nearestWords(
    words.map((word) => ({ word, maxEdits: maxEditsFor(word) })).filter((w) => w.maxEdits > 0),
    { storeIds },
  )
} finally {
  await database.close()
}
