/**
 * Nearby-shops and nearby-products at scale, on the PostgreSQL server (DATABASE_URL of a server
 * where databases may be created; default postgres://postgres@127.0.0.1:5432/test).
 *
 * 1. Creates a fresh database, migrates, loads 100,000 shops clustered around Argentine cities and
 *    1,000,000 products (one variant each) with generate_series.
 * 2. Times the catalogue service's nearby queries at 500 random points (p50/p99) and prints the
 *    plan of the nearby-shops query (it must use the GiST index on ll_to_earth).
 * 3. Starts the built API (apps/api/dist/server.js) and a bare Fastify route as child processes and
 *    measures requests per second with autocannon (50 connections, 10 s each) in the same run.
 *
 * Run: npm run build && npx tsx bench/nearby.bench.ts   (about 3-4 minutes on 2 cores)
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { openDatabase } from '../apps/api/src/db/client.ts'
import { runMigrations } from '../apps/api/src/db/migrate.ts'
import { createCatalogRepository } from '../apps/api/src/modules/catalog/catalog.repository.ts'
import { createCatalogService } from '../apps/api/src/modules/catalog/catalog.service.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const SHOPS = Number(process.env.BENCH_SHOPS ?? 100_000)
const PRODUCTS_PER_SHOP = Number(process.env.BENCH_PRODUCTS_PER_SHOP ?? 10)
const SAMPLES = 500
const radius = { browseKm: 10, maxKm: 50 }

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

function startChild(
  args: string[],
  env: Record<string, string>,
  readyUrl: string,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'ignore',
  })
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000
    const poll = async () => {
      try {
        if ((await fetch(readyUrl)).ok) return resolve(child)
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) return reject(new Error(`not ready: ${readyUrl}`))
      setTimeout(poll, 250)
    }
    void poll()
  })
}

async function cannon(url: string) {
  const result = await autocannon({ url, connections: 50, duration: 10 })
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  }
}

const name = `barrio_bench_${randomUUID().slice(0, 8)}`
const admin = new pg.Client({ connectionString: serverUrl })
await admin.connect()
await admin.query(`create database ${name}`)
const dbUrl = new URL(serverUrl)
dbUrl.pathname = `/${name}`
const database = await openDatabase({ driver: 'postgres', url: dbUrl.toString(), max: 8 })
const children: ChildProcess[] = []

try {
  await runMigrations(database)
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
  await db.execute(sql`
    with cities(i, lat, lng, spread) as (values ${cityValues})
    insert into stores (owner_id, name, handle, street, street_number, city, province_code, latitude, longitude,
                        is_open, delivery_types, delivery_radius_km)
    select '00000000-0000-0000-0000-000000000001', 'Tienda ' || g, 'tienda-' || g, 'Calle', g::text, 'Ciudad', 'C',
           c.lat + (random() - 0.5) * c.spread, c.lng + (random() - 0.5) * c.spread,
           random() < 0.8,
           case when random() < 0.7 then array['pickup','delivery'] else array['pickup'] end,
           2 + floor(random() * 6)::int
    from generate_series(1, ${SHOPS}::int) g
    join cities c on c.i = g % ${CITIES.length}::int`)
  console.log(`loaded ${SHOPS} shops in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  started = Date.now()
  await db.execute(sql`
    insert into products (store_id, title, handle, status)
    select s.id, 'Producto ' || n || ' de ' || s.name, 'producto-' || n, case when n = 1 then 'draft' else 'active' end
    from stores s cross join generate_series(1, ${PRODUCTS_PER_SHOP}::int) n`)
  await db.execute(sql`
    insert into product_variants (product_id, title, price_cents, stock_quantity)
    select id, 'Predeterminado', 10000 + floor(random() * 2000000)::int, floor(random() * 50)::int from products`)
  await db.execute(sql`analyze`)
  const [{ count }] = (await db.execute(sql`select count(*)::int as count from products`)).rows as [
    { count: number },
  ]
  console.log(
    `loaded ${count} products (+ one variant each) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )

  const p = CITIES[0]!
  const plan = await db.execute(sql`explain select id from stores
    where earth_box(ll_to_earth(${p[1]}::float8, ${p[2]}::float8), 50000::float8) @> ll_to_earth(latitude, longitude)
    order by ll_to_earth(latitude, longitude) <-> ll_to_earth(${p[1]}::float8, ${p[2]}::float8) limit 10`)
  console.log('\nplan of the nearby-shops index scan:')
  for (const row of plan.rows as Array<Record<string, string>>)
    console.log('  ' + Object.values(row)[0])

  const catalog = createCatalogService({ repository: createCatalogRepository(db), radius })
  const shops = await timeIt(() => catalog.listStores({ page: 1, limit: 10, ...randomPoint() }))
  const products = await timeIt(() => catalog.listProducts({ page: 1, ...randomPoint() }))
  console.log(`\nservice, ${SAMPLES} random points:`)
  console.log(`  nearby shops    p50 ${ms(shops.p50)}  p99 ${ms(shops.p99)}`)
  console.log(`  nearby products p50 ${ms(products.p50)}  p99 ${ms(products.p99)}`)
  // The load test below hits one point, in the densest cluster: time that point alone too.
  const atShops = await timeIt(() =>
    catalog.listStores({ page: 1, limit: 10, lat: p[1], lng: p[2] }),
  )
  const atProducts = await timeIt(() => catalog.listProducts({ page: 1, lat: p[1], lng: p[2] }))
  console.log(`\nservice, ${SAMPLES} times at ${p[0]} centre (the point the load test uses):`)
  console.log(`  nearby shops    p50 ${ms(atShops.p50)}  p99 ${ms(atShops.p99)}`)
  console.log(`  nearby products p50 ${ms(atProducts.p50)}  p99 ${ms(atProducts.p99)}`)
  await database.close()

  const apiPort = 3911
  const barePort = 3912
  children.push(
    await startChild(
      [path.join(root, 'apps/api/dist/server.js')],
      {
        PORT: String(apiPort),
        HOST: '127.0.0.1',
        DATABASE_URL: dbUrl.toString(),
        SEED: 'none',
        LOG_LEVEL: 'warn',
        DATA_DIR: path.join(root, 'bench/results/data'),
      },
      `http://127.0.0.1:${apiPort}/api/v1/health`,
    ),
  )
  children.push(
    await startChild(
      ['--import', 'tsx', path.join(root, 'bench/bare-fastify.ts'), String(barePort)],
      {},
      `http://127.0.0.1:${barePort}/`,
    ),
  )
  const q = `lat=${p[1]}&lng=${p[2]}`
  const bare = await cannon(`http://127.0.0.1:${barePort}/`)
  const apiShops = await cannon(`http://127.0.0.1:${apiPort}/api/v1/stores?${q}`)
  const apiProducts = await cannon(`http://127.0.0.1:${apiPort}/api/v1/products?${q}`)
  console.log('\nautocannon, 50 connections, 10 s each:')
  console.log(
    `  bare Fastify route     ${bare.rps.toFixed(0)} req/s  p99 ${bare.p99} ms  errors ${bare.errors}`,
  )
  console.log(
    `  GET /stores?lat&lng    ${apiShops.rps.toFixed(0)} req/s  p99 ${apiShops.p99} ms  errors ${apiShops.errors}  (${((apiShops.rps / bare.rps) * 100).toFixed(1)} % of bare)`,
  )
  console.log(
    `  GET /products?lat&lng  ${apiProducts.rps.toFixed(0)} req/s  p99 ${apiProducts.p99} ms  errors ${apiProducts.errors}  (${((apiProducts.rps / bare.rps) * 100).toFixed(1)} % of bare)`,
  )
} finally {
  for (const child of children) child.kill('SIGTERM')
  await new Promise((r) => setTimeout(r, 1000))
  if (process.env.BENCH_KEEP_DB) console.log(`\nkept database ${name} (BENCH_KEEP_DB)`)
  else await admin.query(`drop database if exists ${name} with (force)`)
  await admin.end()
}
