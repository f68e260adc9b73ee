/**
 * The checkout's write path under a busy Sunday (issue 29): signed-in customers running the whole
 * flow at once against the built API, on a scratch PostgreSQL database and on embedded PGlite.
 *
 * One flow is seven calls, as the web makes them: POST /cart/update (one unit of one product),
 * POST /checkout, GET /checkout/:id/init, GET /checkout/:id/review, POST /checkout/:id/review
 * (the choices: delivery, cash), GET /checkout/:id/review (the review page) and
 * POST /checkout/:id/confirm.
 *
 * Per database:
 * 1. A fresh database (a new PostgreSQL database on BENCH_DATABASE_URL's server, dropped at the
 *    end; or a PGlite data directory), migrated by the bench process, which also inserts the
 *    sellers and customers with their sessions (users and sessions rows: no password hashing).
 * 2. The built API starts on it (bench/checkout-api-child.ts, which counts node-postgres
 *    statements); the sellers create their stores (BENCH_STORES, default 20, in Palermo), one
 *    product each (stock BENCH_STOCK), delivery and cash, 20 unpaid orders per customer allowed,
 *    orders taken while closed; the customers save an address 0.8 km away and get their cart.
 * 3. Baselines in the same run: the bare Fastify route (bench/bare-fastify.ts) at 100
 *    connections, and one customer alone running BENCH_SOLO flows one after another (its p50),
 *    with the SQL statements of each call counted (PostgreSQL only).
 * 4. A warm-up row: every customer runs one flow at once (a new server's JIT and the pool's
 *    connections planning each statement), reported but not one of the shapes.
 * 5. "20 stores": BENCH_CUSTOMERS customers (100) at once, each running BENCH_FLOWS flows (5;
 *    BENCH_PGLITE_FLOWS, 1, on PGlite, whose one connection takes every statement in turn),
 *    customer i's k-th flow at store (i + k) mod 20. "Same product": the same, all at store 0.
 *    Confirmed orders per second (orders / wall time), the flow's p50 / p99, failures (any
 *    non-2xx), then the stock checked exactly: every product's stock equals BENCH_STOCK minus
 *    the units of the orders the API confirmed.
 *
 * Figures only, never assertions (a failure or a stock mismatch is printed as such). Run:
 *   npm run build && npx tsx bench/checkout.bench.ts        # ~3 minutes on 2 cores
 * BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the API process there. Each shape also prints the
 * API process's CPU time per confirmed order, the figure the machine's load moves least.
 * BENCH_API_DIST=<folder> runs another build of the API (a copy of an older apps/api/dist, for A/B
 * runs one after the other).
 * BENCH_SKIP_PG=1 / BENCH_SKIP_PGLITE=1 skip one database; BENCH_SOLO_ONLY=1 stops after the
 * baselines (the statement counts); BENCH_SQL_LOG=<file> writes every statement's text there; BENCH_PORT (3921) moves the API's port
 * (the bare route's is the next one, the statement counter's the one after); BENCH_POOL_MAX (20)
 * is the API's PostgreSQL pool (DATABASE_POOL_MAX).
 */
import type { ChildProcess } from 'node:child_process'
import { processCpu, startChild, stopChild } from './bench-children.ts'
import { openBenchDatabase } from './bench-database.ts'
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import { Pool, type Dispatcher } from 'undici'
import { openDatabase, type Database } from '../apps/api/src/db/client.ts'
import { runMigrations } from '../apps/api/src/db/migrate.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100)
const STORES = Number(process.env.BENCH_STORES ?? 20)
const FLOWS = Number(process.env.BENCH_FLOWS ?? 5)
/** PGlite's one connection takes every statement in turn: fewer orders each there. */
const PGLITE_FLOWS = Number(process.env.BENCH_PGLITE_FLOWS ?? 1)
const SOLO = Number(process.env.BENCH_SOLO ?? 20)
const STOCK = Number(process.env.BENCH_STOCK ?? 100_000)
const API_PORT = Number(process.env.BENCH_PORT ?? 3921)
/**
 * The API's PostgreSQL pool (DATABASE_POOL_MAX). 20 rather than the API's default 10: with 100
 * customers at once, a confirm waiting on the product's row lock holds its connection, and ten of
 * them left the other calls nothing; 20 stays far under the server's max_connections (100), which
 * other databases on the same server share. The runs before decision 064 had 10.
 */
const POOL_MAX = Number(process.env.BENCH_POOL_MAX ?? 20)
const BARE_PORT = API_PORT + 1
const COUNTER_PORT = API_PORT + 2
const api = `http://127.0.0.1:${API_PORT}/api/v1`

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ')
const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]! : NaN

// --- HTTP -------------------------------------------------------------------------------------

/* eslint-disable @typescript-eslint/no-explicit-any -- the API's answers, read as the web does */

type Session = { cookie: string }
/**
 * The customers' connections: undici's pool with keep-alive, not `fetch`. Both speak the same HTTP
 * to the API, but `fetch`'s streams cost the bench ~1 ms of CPU per call on this host, taken from
 * the same two cores the API and PostgreSQL share (a customer's phone pays that, not our server).
 * The API still compresses as it does for a browser: the bench asks for it and decompresses.
 */
const apiPool = new Pool(`http://127.0.0.1:${API_PORT}`, { connections: 128, pipelining: 1 })
const decode = (encoding: string | string[] | undefined, body: Buffer): string => {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8')
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8')
  if (encoding === 'deflate') return inflateSync(body).toString('utf8')
  return body.toString('utf8')
}
async function call(
  who: Session & { cartId?: string; storeId?: string },
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; json: any }> {
  const headers: Record<string, string> = {
    cookie: who.cookie,
    'accept-encoding': 'gzip, deflate, br',
  }
  if (who.cartId) headers['x-cart-id'] = who.cartId
  if (who.storeId) headers['x-store-id'] = who.storeId
  if (body !== undefined) headers['content-type'] = 'application/json'
  let text: string
  let status: number
  try {
    const res = await apiPool.request({
      path: `/api/v1${url}`,
      method: method as Dispatcher.HttpMethod,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    })
    status = res.statusCode
    text = decode(res.headers['content-encoding'], Buffer.from(await res.body.arrayBuffer()))
  } catch (error) {
    // A connection reset or refused: a failure of this flow, not the end of the run.
    return { status: 0, json: String((error as Error).cause ?? error) }
  }
  let json: any = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    json = text
  }
  return { status, json }
}
/* eslint-enable @typescript-eslint/no-explicit-any */
async function must(
  who: Session & { cartId?: string; storeId?: string },
  method: string,
  url: string,
  body?: unknown,
) {
  const r = await call(who, method, url, body)
  if (r.status >= 300) throw new Error(`${method} ${url}: ${r.status} ${JSON.stringify(r.json)}`)
  return r.json
}

// --- the data ---------------------------------------------------------------------------------

const PALERMO = { lat: -34.5889, lng: -58.4306 }
type Seller = Session & { userId: string; storeId: string; variantId: string; productId: string }
type Customer = Session & { userId: string; cartId: string; addressId: string; email: string }

/** Users and sessions straight into the database (no password hashing): tokens for the cookies. */
async function loadPeople(database: Database) {
  const db = database.db
  const people = (kind: 'seller' | 'customer', n: number) =>
    Array.from({ length: n }, (_, i) => ({
      email: `${kind}${i}@bench.example.com`,
      token: randomBytes(32).toString('base64url'),
    }))
  const sellers = people('seller', STORES)
  const customers = people('customer', CUSTOMERS)
  const insert = async (rows: typeof sellers, admin: boolean) => {
    const ids: string[] = []
    for (const row of rows) {
      const result = await db.execute(sql`
        insert into users (email, user_type, merchant_approved_at, first_name, last_name, phone, email_verified_at)
        values (${row.email}, ${admin ? 'admin' : 'customer'}, ${admin ? sql`now()` : null},
                'Lucía', 'Fernández', '+5491155551234', now())
        returning id`)
      const id = (result.rows as Array<{ id: string }>)[0]!.id
      await db.execute(sql`
        insert into sessions (token_hash, user_id, expires_at)
        values (${createHash('sha256').update(row.token).digest('hex')}, ${id}, now() + interval '7 days')`)
      ids.push(id)
    }
    return ids
  }
  const sellerIds = await insert(sellers, true)
  const customerIds = await insert(customers, false)
  return {
    sellers: sellers.map((s, i) => ({
      email: s.email,
      userId: sellerIds[i]!,
      cookie: `barrio_session=${s.token}`,
    })),
    customers: customers.map((c, i) => ({
      email: c.email,
      userId: customerIds[i]!,
      cookie: `barrio_session=${c.token}`,
    })),
  }
}

/** Stores, products and settings through the API, as sellers make them. */
async function makeStore(seller: { cookie: string; userId: string }, i: number): Promise<Seller> {
  const handle = `bench-${i}-${randomUUID().slice(0, 6)}`
  const store = await must(seller, 'POST', '/admin/stores', {
    name: `Almacén ${i}`,
    handle,
    description: 'Un almacén de barrio',
    phone: '+5491155550000',
    email: `almacen${i}@bench.example.com`,
    address: {
      street: 'Gorriti',
      number: String(4800 + i),
      neighbourhood: 'Palermo',
      city: 'CABA',
      provinceCode: 'C',
      postalCode: 'C1414',
    },
    latitude: PALERMO.lat + i * 0.0001,
    longitude: PALERMO.lng,
    isOpen: true,
    openingHours: Object.fromEntries(
      ['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, [['00:00', '23:59']]]),
    ),
    deliveryTypes: ['pickup', 'delivery'],
  })
  const as = { ...seller, storeId: store._id as string }
  const product = await must(as, 'POST', '/admin/products', {
    title: `Medialunas x 12 (${i})`,
    status: 'active',
    options: ['Tipo'],
    variants: [{ options: { Tipo: 'Manteca' }, price: 600000, stock: STOCK }],
  })
  await must(as, 'POST', '/admin/store_settings_logistics', {
    pickup: { enabled: true, address: 'Gorriti 4800, Palermo', preparationMinutes: 15 },
    delivery: {
      enabled: true,
      radiusKm: 3,
      fee: { type: 'flat', amount: 50000 },
      estimatedMinutes: 40,
    },
    shipping: { enabled: false, provinces: [], estimatedDays: 3 },
    ordersWhenClosed: true,
  })
  await must(as, 'POST', '/admin/store_settings_payment_methods', {
    method: 'cash',
    details: { onPickup: true, onDelivery: true },
  })
  await must(as, 'POST', '/admin/store_settings_payments', {
    mercadoPagoPaymentMinutes: 30,
    maxUnpaidOrdersPerCustomer: 20,
  })
  return {
    ...as,
    productId: product._id,
    variantId: product.variants[0]._id,
  }
}

async function readyCustomer(c: {
  cookie: string
  userId: string
  email: string
}): Promise<Customer> {
  const address = await must(c, 'POST', '/addresses', {
    street: 'Costa Rica',
    number: '5500',
    city: 'Palermo',
    latitude: PALERMO.lat + 0.007,
    longitude: PALERMO.lng,
    provinceCode: 'C',
  })
  const cart = await must(c, 'GET', '/cart')
  return { ...c, addressId: address._id, cartId: cart._id }
}

// --- the flow ---------------------------------------------------------------------------------

const STEPS = ['cart', 'checkout', 'init', 'review', 'submit', 'review again', 'confirm'] as const

type FlowResult = { ok: boolean; ms: number; failedAt?: string; status?: number; body?: unknown }

/**
 * The seven calls of one order. `between` runs after each call (the statement counter reads it).
 */
async function flow(
  c: Customer,
  s: Seller,
  between?: (step: (typeof STEPS)[number]) => Promise<void>,
): Promise<FlowResult> {
  const started = performance.now()
  let step: (typeof STEPS)[number] = 'cart'
  const fail = (r: { status: number; json: unknown }): FlowResult => ({
    ok: false,
    ms: performance.now() - started,
    failedAt: step,
    status: r.status,
    body: r.json,
  })
  const run = async (name: (typeof STEPS)[number], method: string, url: string, body?: unknown) => {
    step = name
    const r = await call(c, method, url, body)
    if (between) await between(name)
    return r
  }
  let r = await run('cart', 'POST', '/cart/update', {
    cartId: c.cartId,
    items: [{ variantId: s.variantId, quantity: 1 }],
  })
  if (r.status !== 200) return fail(r)
  r = await run('checkout', 'POST', '/checkout', {
    cartId: c.cartId,
    shippingAddressId: c.addressId,
  })
  if (r.status !== 201) return fail(r)
  const id = r.json.checkoutId as string
  r = await run('init', 'GET', `/checkout/${id}/init`)
  if (r.status !== 200) return fail(r)
  r = await run('review', 'GET', `/checkout/${id}/review`)
  if (r.status !== 200) return fail(r)
  r = await run('submit', 'POST', `/checkout/${id}/review`, {
    contact: {
      firstName: 'Lucía',
      lastName: 'Fernández',
      phone: '+5491155551234',
      email: c.email,
    },
    deliveryType: 'delivery',
    paymentMethod: 'cash',
  })
  if (r.status !== 200) return fail(r)
  r = await run('review again', 'GET', `/checkout/${id}/review`)
  if (r.status !== 200) return fail(r)
  r = await run('confirm', 'POST', `/checkout/${id}/confirm`)
  if (r.status !== 200) return fail(r)
  return { ok: true, ms: performance.now() - started }
}

const counter = async (method: 'GET' | 'POST') =>
  Number(await (await fetch(`http://127.0.0.1:${COUNTER_PORT}/`, { method })).text())
/**
 * The API process's CPU time so far (ms, user + system). Per confirmed order it is the figure that
 * moves least with the machine's load: other processes on the same cores lengthen the wall time of
 * a run far more than the CPU the API spends on each flow.
 */
const apiCpu = async () =>
  Number(await (await fetch(`http://127.0.0.1:${COUNTER_PORT}/cpu`)).text())

/**
 * CPU time so far (ms) of every local process named `postgres` (the server's backends, when it runs
 * on this machine; 0 otherwise), read from /proc: with the API's and the bench's own, it splits what
 * an order costs the two cores between the three processes that share them.
 */
function postgresCpu(): number {
  if (process.platform !== 'linux') return 0
  let ms = 0
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue
    // Null when the process ended between the listing and the read.
    const cpu = processCpu(pid)
    if (cpu?.name === 'postgres') ms += cpu.cpuMs
  }
  return ms
}
/** This process's CPU time so far (ms): the load generator's own share. */
const benchCpu = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

/** Units confirmed per store during the run, for the stock arithmetic. */
const sold = new Map<string, number>()

async function solo(customer: Customer, sellers: Seller[], countStatements: boolean) {
  const buy = async (k: number, between?: Parameters<typeof flow>[2]) => {
    const s = sellers[k % sellers.length]!
    const r = await flow(customer, s, between)
    if (!r.ok) throw new Error(`solo flow failed at ${r.failedAt}: ${JSON.stringify(r.body)}`)
    sold.set(s.storeId, (sold.get(s.storeId) ?? 0) + 1)
    return r.ms
  }
  // Two warm-up flows first (JIT, caches), not reported.
  for (let k = 0; k < 2; k++) await buy(k)
  const times: number[] = []
  const cpuBefore = await apiCpu()
  for (let k = 0; k < SOLO; k++) times.push(await buy(k))
  const cpuPerFlow = ((await apiCpu()) - cpuBefore) / SOLO
  times.sort((a, b) => a - b)
  console.log(
    `one customer alone, ${SOLO} flows in a row: flow p50 ${quantile(times, 0.5).toFixed(0)} ms, p90 ${quantile(times, 0.9).toFixed(0)} ms, API CPU ${cpuPerFlow.toFixed(1)} ms per flow`,
  )
  if (!countStatements) return
  // Then 5 more flows with each call's statements counted (apart: the counting slows them).
  const perStep = new Map<string, number[]>()
  const mark = (label: string) =>
    fetch(`http://127.0.0.1:${COUNTER_PORT}/${encodeURIComponent(label)}`, { method: 'POST' })
  const record = (label: string, n: number) =>
    perStep.set(label, [...(perStep.get(label) ?? []), n])
  await counter('POST')
  for (let k = 0; k < 5; k++)
    await buy(k, async (step) => {
      record(step, await counter('GET'))
      await mark(`after ${step}`)
      if (step !== 'confirm') return
      // The order's e-mails leave after the answer (the outbox worker's pass that confirm
      // starts): counted apart, as "delivery".
      await new Promise((res) => setTimeout(res, 200))
      record('delivery', await counter('GET'))
      await mark('after delivery')
    })
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
  const rows = [...STEPS, 'delivery'].map(
    (step) => [step, median(perStep.get(step) ?? [0])] as const,
  )
  const total = rows.reduce((sum, [, n]) => sum + n, 0)
  console.log(
    `SQL statements per call (median of 5 flows): ${rows.map(([s, n]) => `${s} ${n}`).join(', ')}; whole flow ${total}`,
  )
}

async function shape(
  flows: number,
  label: string,
  customers: Customer[],
  storeFor: (i: number, k: number) => Seller,
) {
  const times: number[] = []
  const failures: FlowResult[] = []
  let confirmed = 0
  const loadBefore = loadAverage()
  const cpuBefore = await apiCpu()
  const pgBefore = postgresCpu()
  const benchBefore = benchCpu()
  const started = performance.now()
  await Promise.all(
    customers.map(async (c, i) => {
      for (let k = 0; k < flows; k++) {
        const s = storeFor(i, k)
        const r = await flow(c, s)
        if (r.ok) {
          confirmed++
          sold.set(s.storeId, (sold.get(s.storeId) ?? 0) + 1)
          times.push(r.ms)
        } else failures.push(r)
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const perOrder = (ms: number) => (ms / Math.max(confirmed, 1)).toFixed(1)
  const apiMs = (await apiCpu()) - cpuBefore
  const pgMs = postgresCpu() - pgBefore
  const benchMs = benchCpu() - benchBefore
  times.sort((a, b) => a - b)
  console.log(
    `| ${label} | ${confirmed} | ${(confirmed / seconds).toFixed(1)} | ${quantile(times, 0.5).toFixed(0)} ms | ${quantile(times, 0.99).toFixed(0)} ms | ${failures.length} | ${perOrder(apiMs)} / ${perOrder(pgMs)} / ${perOrder(benchMs)} ms | ${seconds.toFixed(1)} s | ${loadBefore} → ${loadAverage()} |`,
  )
  for (const f of failures.slice(0, 3))
    console.log(`   failure at ${f.failedAt}: ${f.status} ${JSON.stringify(f.body).slice(0, 300)}`)
}

async function checkStock(sellers: Seller[]) {
  let exact = 0
  const wrong: string[] = []
  for (const s of sellers) {
    const product = await must(s, 'GET', `/admin/products/${s.productId}`)
    const stock = product.variants[0].stock as number
    const expected = STOCK - (sold.get(s.storeId) ?? 0)
    if (stock === expected) exact++
    else wrong.push(`${s.storeId}: ${stock}, expected ${expected}`)
  }
  console.log(
    wrong.length
      ? `!! STOCK MISMATCH in ${wrong.length} stores: ${wrong.join('; ')}`
      : `stock exact in all ${exact} stores (${STOCK} − units confirmed)`,
  )
}

async function bare() {
  const url = `http://127.0.0.1:${BARE_PORT}/`
  await autocannon({ url, connections: 100, duration: 1 }) // warm-up (JIT), not reported
  const result = await autocannon({ url, connections: 100, duration: 3 })
  console.log(
    `bare Fastify route, 100 connections, 3 s: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms`,
  )
}

async function run(
  label: string,
  open: () => Promise<{
    database: Database
    env: Record<string, string>
    cleanup: () => Promise<void>
  }>,
) {
  sold.clear()
  console.log(`\n## ${label} (load ${loadAverage()})`)
  const { database, env, cleanup } = await open()
  let apiChild: ChildProcess | null = null
  let bareChild: ChildProcess | null = null
  try {
    await runMigrations(database)
    const people = await loadPeople(database)
    await database.close()
    apiChild = await startChild(
      path.join(root, 'bench/checkout-api-child.ts'),
      [],
      {
        PORT: String(API_PORT),
        HOST: '127.0.0.1',
        SEED: 'none',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_IP_MAX: '10000000',
        RATE_LIMIT_ANON_CREATE_MAX: '10000000',
        BENCH_COUNTER_PORT: String(COUNTER_PORT),
        // BENCH_CPU_PROF=<dir>: a V8 CPU profile of the API process, written when it stops.
        ...(process.env.BENCH_CPU_PROF
          ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}` }
          : {}),
        ...env,
      },
      `${api}/health`,
    )
    bareChild = await startChild(
      path.join(root, 'bench/bare-fastify.ts'),
      [String(BARE_PORT)],
      {},
      `http://127.0.0.1:${BARE_PORT}/`,
    )
    const sellers: Seller[] = []
    for (const [i, s] of people.sellers.entries()) sellers.push(await makeStore(s, i))
    const customers = await Promise.all(people.customers.map(readyCustomer))
    const extra = customers.pop()! // the solo customer runs alone, apart from the 100
    await bare()
    await solo(extra, sellers, env.DATABASE_URL !== undefined && env.DATABASE_URL !== '')
    if (process.env.BENCH_SOLO_ONLY) return
    const flows = env.DATABASE_URL ? FLOWS : PGLITE_FLOWS
    console.log(
      `\n${customers.length} customers at once, ${flows} flows each (7 calls per flow)\n` +
        '| shape | confirmed orders | orders/s | flow p50 | flow p99 | failures | CPU per order: API / PostgreSQL / bench | wall time | load before → after |\n' +
        '|---|---|---|---|---|---|---|---|---|',
    )
    // A server that has just started plans each statement anew on each pooled connection (five
    // custom plans before PostgreSQL keeps a generic one) and runs cold code: one flow per
    // customer first, printed as its own row, so that the two shapes measure a running server.
    await shape(
      1,
      'warm-up: 1 flow each, a new server',
      customers,
      (i) => sellers[i % sellers.length]!,
    )
    await shape(flows, `${STORES} stores`, customers, (i, k) => sellers[(i + k) % sellers.length]!)
    await shape(flows, 'same product', customers, () => sellers[0]!)
    await bare()
    await checkStock(sellers)
  } finally {
    if (bareChild) await stopChild(bareChild)
    if (apiChild) await stopChild(apiChild)
    await cleanup()
  }
}

console.log(
  `checkout bench: ${CUSTOMERS} customers (one of them the solo one), ${STORES} stores, ${FLOWS} flows each, PostgreSQL pool ${POOL_MAX}, ${os.cpus().length} cores, load ${loadAverage()}, ${new Date().toISOString()}`,
)
if (!process.env.BENCH_SKIP_PG)
  await run('PostgreSQL', async () => {
    const { database, url, drop } = await openBenchDatabase(serverUrl, { max: 2 })
    const dir = mkdtempSync(path.join(os.tmpdir(), 'barrio-bench-'))
    return {
      database,
      env: { DATABASE_URL: url!, DATA_DIR: dir, DATABASE_POOL_MAX: String(POOL_MAX) },
      cleanup: async () => {
        rmSync(dir, { recursive: true, force: true })
        await drop!()
      },
    }
  })
if (!process.env.BENCH_SKIP_PGLITE)
  await run('PGlite (embedded)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'barrio-bench-'))
    const database = await openDatabase({ driver: 'pglite', dataDir: path.join(dir, 'pglite') })
    return {
      database,
      env: { DATA_DIR: dir, DATABASE_URL: '' },
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    }
  })
await apiPool.close()
