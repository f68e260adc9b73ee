/**
 * Search across shops (issue 25, decision 042): GET /api/v1/search and /search/suggest over HTTP
 * at 50 connections, every request a query drawn from a realistic list (bench/search-words.ts:
 * 100 Spanish grocery, bakery, greengrocer's, butcher's, drinks and pharmacy words, singular,
 * plural, without accents and with one typo) at a new random point, each right after a run of the
 * bare Fastify route in the same autocannon mode (ratio to bare in the same run):
 *
 * 1. The embedded default: the built API on a fresh PGlite with the demo seed (points within
 *    ~1.5 km of Plaza Serrano, where the demo's shops are).
 * 2. PostgreSQL at each size of BENCH_SIZES (default 100,000 shops, 10 products each: 1,000,000
 *    products): a fresh database, migrated, shops of six kinds (almacén, farmacia, panadería,
 *    verdulería, carnicería, bebidas) clustered around 8 cities, their products titled from the
 *    words of their kind ("Alfajor Havanna 500 g", "Ibuprofeno Actron 400 mg x 10"), loaded with
 *    generate_series. Points: "the barrio" (within ~1.5 km of the CABA centre, as nearby.bench.ts's
 *    barrio rows: 4 grid cells) and anywhere in all 8 cities (some 20-30 cells: at low throughput
 *    most requests find their cell's candidates expired, 1 s TTL).
 *
 * After the load runs, each query kind is timed on its own (one connection, sequential
 * requests): latency and how often it found products (or a "¿Quisiste decir…?").
 *
 * Run: npm run build && npx tsx bench/search.bench.ts   (~6 minutes on 2 cores)
 * BENCH_DATABASE_URL: server to create databases on (default postgres://postgres@127.0.0.1:5432/test)
 * BENCH_SIZES=100000 (empty: no PostgreSQL)  BENCH_PRODUCTS_PER_SHOP=10  BENCH_DURATION=5 (s)
 * BENCH_SKIP_PGLITE=1 (no demo-seed run)  BENCH_KEEP_DB=1 (keeps the database; name printed)
 * BENCH_REUSE_DB=barrio_bench_… (the HTTP runs only, on a database kept by an earlier run)
 * BENCH_PORT=3921 (the API's port; the bare route's is the next one)
 * BENCH_REDIS_URL=redis://127.0.0.1:6379 (the PostgreSQL runs' bus: 60 s catalogue caches)
 * BENCH_SETTLE=0 (s): after the cold and warm runs, that long again under the same load, not
 *   measured, then a "settled" run (its own bare run just before): a server that has been answering
 *   a city for a while, its caches filled (the cold and warm runs mostly measure their filling).
 *   Keep it under the caches' 60 s life, or the settled run measures their refilling.
 */
import type { ChildProcess } from 'node:child_process'
import { startChild, stopChild } from './bench-children.ts'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { openDatabase, type Database } from '../apps/api/src/db/client.ts'
import { runMigrations } from '../apps/api/src/db/migrate.ts'
import {
  BRANDS,
  GROUP_OF_TENTH,
  QUERIES,
  SHOP_NAMES,
  SHOP_PREFIXES,
  SIZES as TITLE_SIZES,
  WORDS,
  type QueryKind,
  type WordGroup,
} from './search-words.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const SIZES = (process.env.BENCH_SIZES ?? '100000').split(',').filter(Boolean).map(Number)
const PRODUCTS_PER_SHOP = Number(process.env.BENCH_PRODUCTS_PER_SHOP ?? 10)
const DURATION = Number(process.env.BENCH_DURATION ?? 5)
const SETTLE = Number(process.env.BENCH_SETTLE ?? 0)
/** Sequential requests per query kind after the load runs. */
const PER_KIND = Number(process.env.BENCH_PER_KIND ?? 60)
const API_PORT = Number(process.env.BENCH_PORT ?? 3921)
const BARE_PORT = API_PORT + 1

// Cities the shops cluster around (lat, lng, spread in degrees): nearby.bench.ts's.
const CITIES: Array<[string, number, number, number]> = [
  ['CABA', -34.6037, -58.4, 0.06],
  ['GBA', -34.65, -58.55, 0.2],
  ['Rosario', -32.9468, -60.6393, 0.06],
  ['Córdoba', -31.4201, -64.1888, 0.07],
  ['Mendoza', -32.8895, -68.8458, 0.06],
  ['La Plata', -34.9214, -57.9545, 0.05],
  ['Tucumán', -26.8083, -65.2176, 0.05],
  ['Mar del Plata', -38.0055, -57.5426, 0.05],
]
/** Plaza Serrano, Palermo: the demo seed's shops are around it. */
const DEMO_CENTRE = { lat: -34.5885, lng: -58.4305 }

type Point = { lat: number; lng: number }
/** Where the random points fall: anywhere among a city's shops, or ~1.5 km around a point. */
type Area = { kind: 'cities' } | { kind: 'around'; centre: Point; spread: number }

function randomPoint(area: Area): Point {
  if (area.kind === 'around') {
    return {
      lat: area.centre.lat + (Math.random() - 0.5) * area.spread,
      lng: area.centre.lng + (Math.random() - 0.5) * area.spread,
    }
  }
  const [, lat, lng, spread] = CITIES[Math.floor(Math.random() * CITIES.length)]!
  return { lat: lat + (Math.random() - 0.5) * spread, lng: lng + (Math.random() - 0.5) * spread }
}

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!

/** `/api/v1<route>?q=…&lat=…&lng=…` with a random query (of `kind`, if given) at a random point. */
function searchPath(route: string, area: Area, kind?: QueryKind) {
  const query = pick(kind ? QUERIES.filter((q) => q.kind === kind) : QUERIES)
  const point = randomPoint(area)
  const params = new URLSearchParams({
    q: query.text,
    lat: point.lat.toFixed(6),
    lng: point.lng.toFixed(6),
  })
  return `/api/v1${route}?${params}`
}

function quantile(sorted: number[], q: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
}
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ')

/** A child's resident memory (VmRSS, Linux), MB; '?' elsewhere. */
function residentMb(child: ChildProcess): string {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]
    return kb ? `${Math.round(Number(kb) / 1024)} MB` : '?'
  } catch {
    return '?'
  }
}

type Result = { rps: number; p50: number; p99: number; errors: number }

/**
 * autocannon at 50 connections, every request one of 5,000 precomputed paths in turn (a random
 * query at a random point: no answer is reused). The bare route gets the same paths (it ignores
 * them), so both run in the same, slower, per-request mode.
 */
async function cannon(port: number, paths: string[], duration = DURATION): Promise<Result> {
  let next = 0
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${paths[0]}`,
    connections: 50,
    duration,
    requests: [
      {
        setupRequest: (req: { path: string }) => ({ ...req, path: paths[next++ % paths.length]! }),
      },
    ],
  })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  }
}

/** One connection, one request at a time: latency per query kind and how often it finds something. */
async function perKind(route: '/search' | '/search/suggest', area: Area) {
  const kinds: QueryKind[] = ['singular', 'plural', 'no accents', 'typo']
  const rows: string[] = []
  for (const kind of kinds) {
    const times: number[] = []
    let found = 0
    let corrected = 0
    for (let i = 0; i < PER_KIND; i++) {
      const started = performance.now()
      const response = await fetch(`http://127.0.0.1:${API_PORT}${searchPath(route, area, kind)}`)
      const body = (await response.json()) as {
        products?: { totalDocs?: number }
        suggestion?: string | null
        docs?: unknown[]
      }
      times.push(performance.now() - started)
      if (route === '/search') {
        const total = body.products?.totalDocs ?? 0
        if (total > 0) found++
        if (body.suggestion) corrected++
      } else if ((body.docs?.length ?? 0) > 0) found++
    }
    times.sort((a, b) => a - b)
    rows.push(
      `| ${route} | ${kind} | ${quantile(times, 0.5).toFixed(1)} ms | ${quantile(times, 0.99).toFixed(1)} ms | ${Math.round((found / PER_KIND) * 100)} %${route === '/search' ? ` | ${Math.round((corrected / PER_KIND) * 100)} %` : ' | –'} |`,
    )
  }
  return rows
}

/**
 * The HTTP suite against the API on API_PORT: the load runs in each area (the first one is "the
 * barrio", as nearby.bench.ts's rows), then the query kinds one by one in the first area.
 */
async function httpSuite(label: string, areas: Array<[string, Area]>, api: ChildProcess) {
  console.log(`\n${label}: autocannon, 50 connections, ${DURATION} s each (load ${loadAverage()})`)
  console.log(
    '| call | points | caches | req/s | p50 | p99 | errors | bare req/s (just before) | ratio to bare | API RSS after | load |',
  )
  console.log('|---|---|---|---|---|---|---|---|---|---|---|')
  for (const [areaName, area] of areas) {
    for (const route of ['/search', '/search/suggest'] as const) {
      const newPaths = () => Array.from({ length: 5000 }, () => searchPath(route, area))
      const paths = newPaths()
      const bare = await cannon(BARE_PORT, paths)
      // First as the API starts (nothing kept), then again at 5,000 new points: the matches kept
      // per search area and text by the first run serve the second (decision 046).
      for (const [caches, run] of [
        ['cold', paths],
        ['warm', newPaths()],
      ] as const) {
        const r = await cannon(API_PORT, run)
        // The requests still queued in the API (its pool or PGlite) would slow the next run: one
        // more request waits behind them, so when it answers, the queue has drained.
        await fetch(`http://127.0.0.1:${API_PORT}${searchPath(route, area)}`)
        console.log(
          `| GET ${route} | ${areaName} | ${caches} | ${r.rps.toFixed(0)} | ${r.p50} ms | ${r.p99} ms | ${r.errors} | ${bare.rps.toFixed(0)} | ${((r.rps / bare.rps) * 100).toFixed(1)} % | ${residentMb(api)} | ${loadAverage()} |`,
        )
      }
      if (SETTLE > 0) {
        await cannon(API_PORT, newPaths(), SETTLE)
        const settledPaths = newPaths()
        const settledBare = await cannon(BARE_PORT, settledPaths)
        const r = await cannon(API_PORT, settledPaths)
        await fetch(`http://127.0.0.1:${API_PORT}${searchPath(route, area)}`)
        console.log(
          `| GET ${route} | ${areaName} | settled (${SETTLE} s more) | ${r.rps.toFixed(0)} | ${r.p50} ms | ${r.p99} ms | ${r.errors} | ${settledBare.rps.toFixed(0)} | ${((r.rps / settledBare.rps) * 100).toFixed(1)} % | ${residentMb(api)} | ${loadAverage()} |`,
        )
      }
    }
  }
  const [areaName, area] = areas[0]!
  console.log(
    `\n${label}: each query kind alone (${areaName}), ${PER_KIND} sequential requests, one connection`,
  )
  console.log('| call | query kind | p50 | p99 | found products | with a suggestion |')
  console.log('|---|---|---|---|---|---|')
  for (const route of ['/search', '/search/suggest'] as const)
    for (const row of await perKind(route, area)) console.log(row)
}

/**
 * N shops of the six kinds around the cities (the serving-area trigger off, then one set-based
 * store_service_cells_rebuild(), as nearby.bench.ts loads them) and PRODUCTS_PER_SHOP products
 * each, titled from the words of the shop's kind, one variant each; the first product of every
 * shop is a draft. The products' search index is built once after the load.
 */
async function loadMarketplace(database: Database, shops: number) {
  const db = database.db
  let started = Date.now()
  await db.execute(
    sql`insert into users (id, email, user_type) values ('00000000-0000-0000-0000-000000000001', 'bench@example.com', 'admin')`,
  )
  const cityValues = sql.join(
    CITIES.map(
      ([, lat, lng, spread], i) =>
        sql`(${i}::int, ${lat}::float8, ${lng}::float8, ${spread}::float8)`,
    ),
    sql`, `,
  )
  const groups = Object.keys(SHOP_PREFIXES) as WordGroup[]
  const textArray = (list: readonly string[]) =>
    sql`${`{${list.map((s) => `"${s}"`).join(',')}}`}::text[]`
  const groupValues = sql.join(
    groups.map((g) => {
      const words = WORDS.filter((w) => w.group === g)
      return sql`(${g}::text, ${SHOP_PREFIXES[g]}::text, ${textArray(words.map((w) => w.singular))}, ${textArray(words.map((w) => w.plural))}, ${textArray(BRANDS[g])}, ${textArray(TITLE_SIZES[g])})`
    }),
    sql`, `,
  )
  const tenths = textArray(GROUP_OF_TENTH)
  const names = textArray(SHOP_NAMES)
  await db.execute(sql`alter table stores disable trigger store_service_cells_insert`)
  try {
    await db.execute(sql`
      with cities(i, lat, lng, spread) as (values ${cityValues}),
      kinds(grp, prefix) as (values ${sql.join(
        groups.map((g) => sql`(${g}::text, ${SHOP_PREFIXES[g]}::text)`),
        sql`, `,
      )})
      insert into stores (owner_id, name, handle, category, street, street_number, city, province_code,
                          latitude, longitude, is_open, delivery_types, delivery_radius_km)
      select '00000000-0000-0000-0000-000000000001',
             k.prefix || ' ' || (${names})[1 + (g / 10) % ${SHOP_NAMES.length}::int],
             'tienda-' || g, k.grp, 'Calle', g::text, 'Ciudad', 'C',
             c.lat + (random() - 0.5) * c.spread, c.lng + (random() - 0.5) * c.spread,
             random() < 0.8,
             case when random() < 0.7 then array['pickup','delivery'] else array['pickup'] end,
             2 + floor(random() * 6)::int
      from generate_series(1, ${shops}::int) g
      join cities c on c.i = g % ${CITIES.length}::int
      join kinds k on k.grp = (${tenths})[1 + (g / ${CITIES.length}::int) % 10]`)
  } finally {
    await db.execute(sql`alter table stores enable trigger store_service_cells_insert`)
  }
  const shopsTime = seconds(started)
  started = Date.now()
  await db.execute(sql`select store_service_cells_rebuild()`)
  console.log(
    `\nloaded ${shops} shops in ${shopsTime} (serving-area trigger off), serving-area index in ${seconds(started)}`,
  )

  started = Date.now()
  // One GIN build after the load instead of a million index insertions (same definition as 0028).
  await db.execute(sql`drop index products_search_idx`)
  await db.execute(sql`
    with groups(grp, prefix, singulars, plurals, brands, sizes) as (values ${groupValues}),
    picks as materialized (
      select s.id as store_id, n, gr.*,
             1 + floor(random() * cardinality(gr.singulars))::int as w,
             random() as plural, 1 + floor(random() * cardinality(gr.brands))::int as b,
             1 + floor(random() * cardinality(gr.sizes))::int as z
      from stores s join groups gr on gr.grp = s.category
      cross join generate_series(1, ${PRODUCTS_PER_SHOP}::int) n
    )
    insert into products (store_id, title, handle, status)
    select store_id,
           initcap(left(case when plural < 0.3 then plurals[w] else singulars[w] end, 1))
             || substr(case when plural < 0.3 then plurals[w] else singulars[w] end, 2)
             || ' ' || brands[b] || ' ' || sizes[z],
           'producto-' || n, case when n = 1 then 'draft' else 'active' end
    from picks`)
  const productsTime = seconds(started)
  started = Date.now()
  await db.execute(sql`create index products_search_idx on products using gin (search_vector)`)
  const indexTime = seconds(started)
  started = Date.now()
  await db.execute(sql`
    insert into product_variants (product_id, title, price_cents, stock_quantity)
    select id, 'Predeterminado', 10000 + floor(random() * 2000000)::int, floor(random() * 50)::int from products`)
  await db.execute(sql`vacuum analyze`)
  console.log(
    `loaded ${shops * PRODUCTS_PER_SHOP} products in ${productsTime}, their search index in ${indexTime}, variants + vacuum analyze in ${seconds(started)}`,
  )
  const sample = await db.execute<{ title: string }>(
    sql`select title from products tablesample system (1) limit 6`,
  )
  console.log(`titles, e.g.: ${sample.rows.map((r) => r.title).join(' · ')}`)
}

async function postgresSuite(shops: number) {
  const reuse = process.env.BENCH_REUSE_DB
  const name = reuse ?? `barrio_bench_${randomUUID().slice(0, 8)}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  if (!reuse) await admin.query(`create database ${name}`)
  const dbUrl = new URL(serverUrl)
  dbUrl.pathname = `/${name}`
  const database = await openDatabase({ driver: 'postgres', url: dbUrl.toString(), max: 8 })
  try {
    console.log(`\n## PostgreSQL, ${shops.toLocaleString('en')} shops (load ${loadAverage()})`)
    if (reuse) console.log(`\nreusing database ${name} (BENCH_REUSE_DB), loaded by an earlier run`)
    else {
      await runMigrations(database)
      await loadMarketplace(database, shops)
    }
    const api = await startChild(
      path.join(root, 'apps/api/dist/server.js'),
      [],
      {
        PORT: String(API_PORT),
        HOST: '127.0.0.1',
        SEED: 'none',
        DATABASE_URL: dbUrl.toString(),
        // Several processes on one PostgreSQL share changes through Redis (decision 021), and the
        // catalogue keeps what it reads for 60 s instead of 1 s without it (decision 024).
        REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
        DATA_DIR: path.join(root, 'bench/results/data'),
      },
      `http://127.0.0.1:${API_PORT}/api/v1/health`,
    )
    try {
      const [, lat, lng] = CITIES[0]!
      await httpSuite(
        `PostgreSQL, ${shops.toLocaleString('en')} shops`,
        [
          [
            'barrio: ~1.5 km around the CABA centre',
            { kind: 'around', centre: { lat, lng }, spread: 0.03 },
          ],
          ['all 8 cities', { kind: 'cities' }],
        ],
        api,
      )
    } finally {
      await stopChild(api)
    }
  } finally {
    await database.close()
    if (process.env.BENCH_KEEP_DB || reuse) console.log(`\nkept database ${name} (BENCH_KEEP_DB)`)
    else await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  }
}

const bare = await startChild(
  path.join(root, 'bench/bare-fastify.ts'),
  [String(BARE_PORT)],
  {},
  `http://127.0.0.1:${BARE_PORT}/`,
)
console.log(`search.bench: ${QUERIES.length} queries from ${WORDS.length} words`)
try {
  if (!process.env.BENCH_SKIP_PGLITE) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'barrio-search-bench-'))
    const api = await startChild(
      path.join(root, 'apps/api/dist/server.js'),
      [],
      {
        PORT: String(API_PORT),
        HOST: '127.0.0.1',
        SEED: 'demo',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
      },
      `http://127.0.0.1:${API_PORT}/api/v1/health`,
    )
    try {
      await httpSuite(
        'embedded PGlite, demo seed',
        [
          [
            'barrio: ~1.5 km around Plaza Serrano',
            { kind: 'around', centre: DEMO_CENTRE, spread: 0.03 },
          ],
        ],
        api,
      )
    } finally {
      await stopChild(api)
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
  for (const size of SIZES) await postgresSuite(size)
} finally {
  await stopChild(bare)
}
