/**
 * Nearby shops and products (issue 11, docs/decisions/024), page 1 and page 2, over HTTP at 50
 * connections, each call measured right next to a bare Fastify route in the same run:
 *
 * 1. The embedded default: the built API on a fresh PGlite with the demo seed.
 * 2. PGlite at each size of BENCH_PGLITE_SIZES (default none) and PostgreSQL at each size of
 *    BENCH_SIZES (default 10,000 and 100,000 shops, 10 products each; 1,000,000 with
 *    BENCH_SIZES=1000000): a fresh database (a PGlite data directory, or a PostgreSQL database),
 *    migrated, loaded with generate_series by the same loader (the shops with the serving-area
 *    trigger disabled, then one set-based store_service_cells_rebuild()), the catalogue service
 *    timed at random city points, then the built API on it.
 *
 * Two kinds of HTTP load: the CABA centre (or Plaza Serrano on the demo seed), the same point on
 * every request, and "the barrio": every request a different random point within ~1.5 km of it
 * (no answer is reused; the cell's candidates are).
 *
 * Run: npm run build && npx tsx bench/nearby.bench.ts   (about 8 minutes on 2 cores)
 * BENCH_DATABASE_URL: server to create databases on (default postgres://postgres@127.0.0.1:5432/test)
 * BENCH_SIZES=10000,100000  BENCH_PGLITE_SIZES=10000,100000  BENCH_PRODUCTS_PER_SHOP=10
 * BENCH_DURATION=5 (s per autocannon run)  BENCH_SAMPLES=300 (service timings per query and cache)
 * BENCH_SKIP_PGLITE=1 (no demo-seed run)  BENCH_NO_HTTP=1 (sizes: load and service timings only)
 * BENCH_VERIFY_INDEX=1 (after loading, reinserts the shops with the trigger on and checks that
 *   the rebuilt index equals the trigger's, timing both)
 * BENCH_KEEP_DB=1 (keeps the databases and data directories; the names are printed)
 * BENCH_REUSE_DB=<name> (the PostgreSQL HTTP suite only, on a kept database, instead of the sizes)
 * BENCH_PORT=3911 (the API's port; the bare route's is the next one)
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
import { benchCatalogService } from './catalog-service.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const sizes = (list: string) => list.split(',').filter(Boolean).map(Number)
const SIZES = sizes(process.env.BENCH_SIZES ?? '10000,100000')
const PGLITE_SIZES = sizes(process.env.BENCH_PGLITE_SIZES ?? '')
const PRODUCTS_PER_SHOP = Number(process.env.BENCH_PRODUCTS_PER_SHOP ?? 10)
const DURATION = Number(process.env.BENCH_DURATION ?? 5)
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300)
/** Where "the barrio" rows centre when the URL has no point (the bare route). */
const BARRIO = { lat: -34.5885, lng: -58.4305 }
/** BENCH_PORT: the API's port (the bare route's is the next one), for two runs side by side. */
const API_PORT = Number(process.env.BENCH_PORT ?? 3911)
const BARE_PORT = API_PORT + 1

// Cities the shops cluster around (lat, lng, spread in degrees).
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

function quantile(sorted: number[], q: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
}
const ms = (n: number) => `${n.toFixed(2)} ms`

function randomPoint() {
  const [, lat, lng, spread] = CITIES[Math.floor(Math.random() * CITIES.length)]!
  return { lat: lat + (Math.random() - 0.5) * spread, lng: lng + (Math.random() - 0.5) * spread }
}

async function timeIt(fn: () => Promise<unknown>) {
  const samples: number[] = []
  for (let i = 0; i < SAMPLES; i++) {
    const start = performance.now()
    await fn()
    samples.push(performance.now() - start)
  }
  samples.sort((a, b) => a - b)
  return { p50: quantile(samples, 0.5), p99: quantile(samples, 0.99) }
}

type Result = { rps: number; p50: number; p99: number; errors: number }

/**
 * autocannon at 50 connections. With `spreadDeg`, every request asks for a new random point
 * around the URL's lat/lng, drawn as the request is set up (no point comes twice, so no answer is
 * reused: the cell's candidates, its tiles and the stores' data are): "the barrio". autocannon
 * itself is slower in that mode, so the bare route is measured in the same mode for those rows.
 */
async function cannon(url: string, spreadDeg = 0): Promise<Result> {
  const target = new URL(url)
  const lat = Number(target.searchParams.get('lat') ?? BARRIO.lat)
  const lng = Number(target.searchParams.get('lng') ?? BARRIO.lng)
  target.searchParams.delete('lat')
  target.searchParams.delete('lng')
  const rest = target.searchParams.toString()
  const pathFor = () => {
    const p = `lat=${(lat + (Math.random() - 0.5) * spreadDeg).toFixed(6)}&lng=${(lng + (Math.random() - 0.5) * spreadDeg).toFixed(6)}`
    return `${target.pathname}?${p}${rest ? `&${rest}` : ''}`
  }
  const result = await autocannon({
    url,
    connections: 50,
    duration: DURATION,
    ...(spreadDeg > 0
      ? {
          requests: [{ setupRequest: (req: { path: string }) => ({ ...req, path: pathFor() }) }],
        }
      : {}),
  })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ')

/**
 * Each call right after its own bare-route run (same run, same machine load), as a ratio to it.
 */
async function httpSuite(label: string, point: { lat: number; lng: number }) {
  const api = `http://127.0.0.1:${API_PORT}/api/v1`
  const q = `lat=${point.lat}&lng=${point.lng}`
  const calls: Array<[string, string, number]> = [
    ['GET /stores page 1', `${api}/stores?${q}`, 0],
    ['GET /stores page 2', `${api}/stores?${q}&page=2`, 0],
    ['GET /products page 1', `${api}/products?${q}`, 0],
    ['GET /products page 2', `${api}/products?${q}&page=2`, 0],
    // Cold: the barrio's tiles and shops are first asked here. Then measured again, as a server
    // that has been answering the barrio finds them (the per-store caches live 60 s with the bus).
    ['GET /stores page 1, barrio (cold)', `${api}/stores?${q}`, 0.03],
    ['GET /stores page 1, barrio', `${api}/stores?${q}`, 0.03],
    ['GET /products page 1, barrio (cold)', `${api}/products?${q}`, 0.03],
    ['GET /products page 1, barrio', `${api}/products?${q}`, 0.03],
    ['GET /health', `${api}/health`, 0],
  ]
  console.log(`\n${label}: autocannon, 50 connections, ${DURATION} s each (load ${loadAverage()})`)
  console.log('| call | req/s | p50 | p99 | errors | bare req/s (just before) | ratio to bare |')
  console.log('|---|---|---|---|---|---|---|')
  for (const [name, url, spread] of calls) {
    const bare = await cannon(`http://127.0.0.1:${BARE_PORT}/`, spread)
    const r = await cannon(url, spread)
    console.log(
      `| ${name} | ${r.rps.toFixed(0)} | ${r.p50} ms | ${r.p99} ms | ${r.errors} | ${bare.rps.toFixed(0)} | ${((r.rps / bare.rps) * 100).toFixed(1)} % |`,
    )
  }
}

/** Resident memory of a process in MB (Linux: /proc; null elsewhere): now and its peak. */
function memoryMb(pid: number | undefined): { rss: number; peak: number } | null {
  if (pid === undefined) return null
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1])
    return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) }
  } catch {
    return null
  }
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`

/**
 * The built API on a loaded database, the HTTP suite at the CABA centre, and the API's memory.
 */
async function serveAndMeasure(label: string, env: Record<string, string>) {
  const api = await startChild(
    path.join(root, 'apps/api/dist/server.js'),
    [],
    { PORT: String(API_PORT), HOST: '127.0.0.1', SEED: 'none', ...env },
    `http://127.0.0.1:${API_PORT}/api/v1/health`,
  )
  try {
    const before = memoryMb(api.pid)
    const centre = CITIES[0]!
    await httpSuite(`${label}, CABA centre`, { lat: centre[1], lng: centre[2] })
    const after = memoryMb(api.pid)
    if (before && after)
      console.log(
        `\nAPI process memory (RSS): ${before.rss} MB when ready, ${after.rss} MB after the suite (peak ${after.peak} MB)`,
      )
  } finally {
    await stopChild(api)
  }
}

const children: ChildProcess[] = []
const bare = await startChild(
  path.join(root, 'bench/bare-fastify.ts'),
  [String(BARE_PORT)],
  {},
  `http://127.0.0.1:${BARE_PORT}/`,
)
children.push(bare)

try {
  if (!process.env.BENCH_SKIP_PGLITE) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'barrio-bench-'))
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
    // Plaza Serrano, Palermo: the demo seed's shops are around it.
    await httpSuite('embedded PGlite, demo seed', { lat: -34.5885, lng: -58.4305 })
    await stopChild(api)
    rmSync(dataDir, { recursive: true, force: true })
  }

  const reuse = process.env.BENCH_REUSE_DB
  if (reuse) {
    const dbUrl = new URL(serverUrl)
    dbUrl.pathname = `/${reuse}`
    await serveAndMeasure(`PostgreSQL, kept database ${reuse}`, postgresApiEnv(dbUrl))
  } else {
    for (const size of PGLITE_SIZES) await pgliteSuite(size)
    for (const size of SIZES) await postgresSuite(size)
  }
} finally {
  for (const child of children) await stopChild(child)
}

/**
 * Loads N shops clustered around the cities and PRODUCTS_PER_SHOP products each (one variant),
 * on either driver. The shops go in with the serving-area trigger disabled and the index is then
 * built in one set-based statement by the migration's store_service_cells_rebuild(): the same
 * functions as the trigger (store_serve_km, store_service_cells_for), once per shop, in one
 * INSERT ... SELECT instead of one plpgsql call and one INSERT per shop.
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
  await db.execute(sql`alter table stores disable trigger store_service_cells_insert`)
  try {
    await db.execute(sql`
      with cities(i, lat, lng, spread) as (values ${cityValues})
      insert into stores (owner_id, name, handle, street, street_number, city, province_code, latitude, longitude,
                          is_open, delivery_types, delivery_radius_km)
      select '00000000-0000-0000-0000-000000000001', 'Tienda ' || g, 'tienda-' || g, 'Calle', g::text, 'Ciudad', 'C',
             c.lat + (random() - 0.5) * c.spread, c.lng + (random() - 0.5) * c.spread,
             random() < 0.8,
             case when random() < 0.7 then array['pickup','delivery'] else array['pickup'] end,
             2 + floor(random() * 6)::int
      from generate_series(1, ${shops}::int) g
      join cities c on c.i = g % ${CITIES.length}::int`)
  } finally {
    await db.execute(sql`alter table stores enable trigger store_service_cells_insert`)
  }
  const shopsTime = seconds(started)
  started = Date.now()
  await db.execute(sql`select store_service_cells_rebuild()`)
  const [{ cells }] = (
    await db.execute(sql`select count(*)::int as cells from store_service_cells`)
  ).rows as [{ cells: number }]
  console.log(
    `\nloaded ${shops} shops in ${shopsTime} (serving-area trigger off), then ${cells} serving-area rows in ${seconds(started)} (store_service_cells_rebuild())`,
  )
  if (process.env.BENCH_VERIFY_INDEX) await verifyIndex(database)

  started = Date.now()
  await db.execute(sql`
    insert into products (store_id, title, handle, status)
    select s.id, 'Producto ' || n || ' de ' || s.name, 'producto-' || n, case when n = 1 then 'draft' else 'active' end
    from stores s cross join generate_series(1, ${PRODUCTS_PER_SHOP}::int) n`)
  await db.execute(sql`
    insert into product_variants (product_id, title, price_cents, stock_quantity)
    select id, 'Predeterminado', 10000 + floor(random() * 2000000)::int, floor(random() * 50)::int from products`)
  await db.execute(sql`vacuum analyze`)
  console.log(
    `loaded ${shops * PRODUCTS_PER_SHOP} products (+ one variant each) and analyzed in ${seconds(started)}`,
  )

  const centre = CITIES[0]!
  const dense = (
    await db.execute(
      sql`select count(*)::int as n from store_service_cells where cell = floor(${centre[1]}::float8 * 10)::int * 4096 + floor(${centre[2]}::float8 * 10)::int`,
    )
  ).rows[0] as { n: number }
  console.log(`candidates in the CABA centre's cell: ${dense.n}`)
}

/**
 * BENCH_VERIFY_INDEX: the rebuilt index must be exactly what the per-shop trigger writes. Keeps
 * the rebuilt rows, deletes the shops (their rows go with them) and inserts the same shops again
 * with the trigger on, then compares both ways. Run it before the products exist.
 */
async function verifyIndex(database: Database) {
  const db = database.db
  await db.execute(sql`create temp table bench_rebuilt as select * from store_service_cells`)
  await db.execute(sql`create temp table bench_stores as select * from stores`)
  await db.execute(sql`delete from stores`)
  const started = Date.now()
  await db.execute(sql`insert into stores select * from bench_stores`)
  const took = seconds(started)
  const count = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)).rows[0] as { n: number }).n
  const trigger = await count(sql`select count(*)::int as n from store_service_cells`)
  const onlyRebuilt = await count(sql`select count(*)::int as n from (
    select cell, store_id, latitude, longitude, serve_km from bench_rebuilt
    except all select cell, store_id, latitude, longitude, serve_km from store_service_cells) d`)
  const onlyTrigger = await count(sql`select count(*)::int as n from (
    select cell, store_id, latitude, longitude, serve_km from store_service_cells
    except all select cell, store_id, latitude, longitude, serve_km from bench_rebuilt) d`)
  await db.execute(sql`drop table bench_rebuilt, bench_stores`)
  console.log(
    `verify: the same shops inserted again with the trigger on: ${trigger} rows in ${took}; only in the rebuild: ${onlyRebuilt}, only in the trigger's: ${onlyTrigger}`,
  )
  if (onlyRebuilt !== 0 || onlyTrigger !== 0)
    throw new Error('the rebuilt serving-area index differs from the trigger')
}

/**
 * The catalogue service with a cold cache per sample (every sample pays the candidate read) and
 * with the server's cache (1 s), at random points of all the cities.
 */
async function serviceTimings(database: Database) {
  const cold = () =>
    benchCatalogService(database.db, {
      ttlMs: 1000,
      cache: {
        ttlMs: 0,
        maxCells: 1,
        maxAnswers: 1,
        maxStores: 1,
        maxAreas: 1,
        maxAreaEntries: 1,
        maxProducts: 1,
      },
    })
  const warm = benchCatalogService(database.db, { ttlMs: 1000 })
  const coldShops = await timeIt(() => cold().listStores({ page: 1, limit: 10, ...randomPoint() }))
  const coldProducts = await timeIt(() => cold().listProducts({ page: 1, ...randomPoint() }))
  const warmShops = await timeIt(() => warm.listStores({ page: 1, limit: 10, ...randomPoint() }))
  const warmProducts = await timeIt(() => warm.listProducts({ page: 1, ...randomPoint() }))
  console.log(`\nservice, ${SAMPLES} random points in the cities (page 1):`)
  console.log('| query | no cache p50 | p99 | cell cache p50 | p99 |')
  console.log('|---|---|---|---|---|')
  console.log(
    `| nearby shops | ${ms(coldShops.p50)} | ${ms(coldShops.p99)} | ${ms(warmShops.p50)} | ${ms(warmShops.p99)} |`,
  )
  console.log(
    `| nearby products | ${ms(coldProducts.p50)} | ${ms(coldProducts.p99)} | ${ms(warmProducts.p50)} | ${ms(warmProducts.p99)} |`,
  )
}

/**
 * PGlite at N shops: the data directory is loaded and timed by this process (PGlite is one
 * process's database), closed, then opened by the built API as its DATA_DIR.
 */
async function pgliteSuite(shops: number) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'barrio-bench-'))
  console.log(
    `\n## PGlite, ${shops.toLocaleString('en')} shops (DATA_DIR ${dataDir}, load ${loadAverage()})`,
  )
  try {
    const database = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') })
    try {
      await runMigrations(database)
      await loadMarketplace(database, shops)
      await serviceTimings(database)
    } finally {
      await database.close()
    }
    if (process.env.BENCH_NO_HTTP) return
    await serveAndMeasure(`PGlite, ${shops.toLocaleString('en')} shops`, {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
    })
  } finally {
    if (process.env.BENCH_KEEP_DB) console.log(`\nkept data directory ${dataDir} (BENCH_KEEP_DB)`)
    else rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The API on a PostgreSQL database, as a deployment runs it. */
function postgresApiEnv(dbUrl: URL): Record<string, string> {
  return {
    DATABASE_URL: dbUrl.toString(),
    DATA_DIR: path.join(root, 'bench/results/data'),
    // A deployment on PostgreSQL runs several processes with the bus, and the catalogue's caches
    // then live 60 s instead of 1 s (decision 024).
    REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
  }
}

async function postgresSuite(shops: number) {
  const name = `barrio_bench_${randomUUID().slice(0, 8)}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const dbUrl = new URL(serverUrl)
  dbUrl.pathname = `/${name}`
  const database = await openDatabase({ driver: 'postgres', url: dbUrl.toString(), max: 8 })
  try {
    console.log(`\n## PostgreSQL, ${shops.toLocaleString('en')} shops (load ${loadAverage()})`)
    await runMigrations(database)
    await loadMarketplace(database, shops)
    await serviceTimings(database)
    if (process.env.BENCH_NO_HTTP) return
    await serveAndMeasure(`PostgreSQL, ${shops.toLocaleString('en')} shops`, postgresApiEnv(dbUrl))
  } finally {
    await database.close()
    if (process.env.BENCH_KEEP_DB) console.log(`\nkept database ${name} (BENCH_KEEP_DB)`)
    else await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  }
}
