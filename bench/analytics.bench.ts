/**
 * Seller analytics at scale (issue 13): a 30-day range for one store at 1,000,000 orders, on the
 * PostgreSQL server (BENCH_DATABASE_URL of a server where databases may be created; default
 * postgres://postgres@127.0.0.1:5432/test).
 *
 * 1. Creates a fresh database, migrates, loads 1,000 stores, 20,000 customers and 1,000,000 orders
 *    over the last 365 days with 1-3 lines each (generate_series). One store is big: 10 % of all
 *    orders (~8,000 in 30 days); the others share the rest (~250 each in 30 days).
 * 2. Vacuums and analyzes (as autovacuum would), then times the analytics service (`get`, the whole answer of GET /admin/analytics: four statements)
 *    for a 30-day range ending today, for the big store and for random ordinary stores (p50/p99; 365 days for the big store, 20 runs),
 *    and prints the plans of its statements for the big store.
 *
 * Figures only, never assertions. Run: npx tsx bench/analytics.bench.ts   (about 2-3 minutes)
 * BENCH_ORDERS changes the size; BENCH_KEEP_DB=1 keeps the database (its name is printed).
 */
import { randomUUID } from 'node:crypto'
import { addDays } from '@barrio/contracts/analytics'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { openDatabase } from '../apps/api/src/db/client.ts'
import { runMigrations } from '../apps/api/src/db/migrate.ts'
import { createAnalyticsRepository } from '../apps/api/src/modules/analytics/analytics.repository.ts'
import { createAnalyticsService } from '../apps/api/src/modules/analytics/analytics.service.ts'

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000)
const STORES = 1_000
const CUSTOMERS = 20_000
const SAMPLES = 200

function quantile(sorted: number[], q: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
}
const ms = (n: number) => `${n.toFixed(1)} ms`

async function timeIt(fn: () => Promise<unknown>, count = SAMPLES) {
  const samples: number[] = []
  for (let i = 0; i < count; i++) {
    const start = performance.now()
    await fn()
    samples.push(performance.now() - start)
  }
  samples.sort((a, b) => a - b)
  return { p50: quantile(samples, 0.5), p99: quantile(samples, 0.99) }
}

const name = `barrio_bench_${randomUUID().slice(0, 8)}`
const admin = new pg.Client({ connectionString: serverUrl })
await admin.connect()
await admin.query(`create database ${name}`)
const dbUrl = new URL(serverUrl)
dbUrl.pathname = `/${name}`
const database = await openDatabase({ driver: 'postgres', url: dbUrl.toString(), max: 8 })

try {
  await runMigrations(database)
  const db = database.db
  const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`
  let started = Date.now()
  await db.execute(sql`
    insert into users (email, user_type)
    select 'cliente' || g || '@example.com', case when g <= ${STORES}::int then 'admin' else 'customer' end
    from generate_series(1, ${CUSTOMERS + STORES}::int) g`)
  await db.execute(sql`
    insert into stores (owner_id, name, handle, street, street_number, city, province_code,
                        latitude, longitude)
    select u.id, 'Tienda ' || g, 'tienda-' || g, 'Calle', g::text, 'CABA', 'C',
           -34.6 + random() * 0.1, -58.45 + random() * 0.1
    from generate_series(1, ${STORES}::int) g
    join users u on u.email = 'cliente' || g || '@example.com'`)
  console.log(`loaded ${STORES} stores and ${CUSTOMERS} customers in ${seconds(started)}`)

  started = Date.now()
  // Store 1 gets 10 % of the orders; the rest are spread evenly. Evenings and weekends are busier
  // only through random(); the plan does not depend on the shape of the day.
  await db.execute(sql`
    with s as (select id, row_number() over (order by handle) as n from stores),
         c as (select id, row_number() over (order by email) as n from users where user_type = 'customer')
    insert into orders (store_id, user_id, checkout_id, status, payment_status, delivery_type,
                        payment_method, contact, subtotal, delivery_fee, total, created_at)
    select s.id, c.id, gen_random_uuid(),
           case when r < 0.05 then 'cancelled' when r < 0.6 then 'completed' else 'open' end,
           case when r < 0.05 then 'voided' when r < 0.07 then 'refunded' when r < 0.8 then 'paid' else 'pending' end,
           (array['pickup','delivery','shipping'])[1 + (g % 3)],
           (array['cash','bank_transfer','mercado_pago','debit_card'])[1 + (g % 4)],
           '{"firstName":"Ana","lastName":"Gómez","phone":"+5491100000000","email":"a@example.com"}'::jsonb,
           amount, 50000, amount + 50000,
           now() - random() * interval '365 days'
    from (select g, random() as r, (100000 + floor(random() * 2000000))::int as amount,
                 case when g % 10 = 0 then 1 else 2 + (g % ${STORES - 1}::int) end as store_n,
                 1 + (g % ${CUSTOMERS}::int) as customer_n
            from generate_series(1, ${ORDERS}::int) g) o
    join s on s.n = o.store_n
    join c on c.n = o.customer_n`)
  console.log(`loaded ${ORDERS} orders in ${seconds(started)}`)

  started = Date.now()
  await db.execute(sql`
    insert into order_items (order_id, product_id, variant_id, title, variant_title, unit_price,
                             quantity, line_total)
    select o.id, md5(o.store_id::text || p)::uuid, md5(o.store_id::text || p || 'v')::uuid,
           'Producto ' || p, 'Predeterminado', 100000, q, 100000 * q
    from (select id, store_id, 1 + (number % 3) as lines from orders) o
    cross join lateral generate_series(1, o.lines) l
    cross join lateral (select 1 + floor(random() * 40)::int as p, 1 + floor(random() * 3)::int as q) x`)
  // What autovacuum does on a live server: statistics, and the visibility map the index-only
  // scans need.
  await db.execute(sql`vacuum analyze`)
  console.log(`loaded the order lines and analyzed in ${seconds(started)}`)

  const service = createAnalyticsService({ repository: createAnalyticsRepository(db) })
  const stores = (await db.execute(sql`select id, handle from stores order by handle`))
    .rows as Array<{ id: string; handle: string }>
  const big = stores.find((s) => s.handle === 'tienda-1')!
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Argentina/Buenos_Aires',
  }).format(new Date())
  const range = { from: addDays(today, -29), to: today }

  const sample = await service.get(big.id, range)
  console.log(
    `big store, 30 days: ${sample.totals.orders} orders, ${sample.totals.cancelled} cancelled, ` +
      `${sample.customers.new + sample.customers.returning} customers`,
  )
  const ordinary = stores.filter((s) => s.handle !== 'tienda-1')
  const ordinarySample = await service.get(ordinary[0]!.id, range)
  console.log(`an ordinary store, 30 days: ${ordinarySample.totals.orders} orders`)

  const bigTimes = await timeIt(() => service.get(big.id, range))
  const ordinaryTimes = await timeIt(() =>
    service.get(ordinary[Math.floor(Math.random() * ordinary.length)]!.id, range),
  )
  const yearTimes = await timeIt(
    () => service.get(big.id, { from: addDays(today, -364), to: today }),
    20,
  )

  for (const [label, statement] of [
    [
      'totals',
      sql`explain (analyze, buffers) select sum(total) filter (where status <> 'cancelled'), count(*) from orders where store_id = ${big.id}
            and created_at >= ((${range.from}::date - 30)::timestamp at time zone 'America/Argentina/Buenos_Aires')
            and created_at < ((${range.to}::date + 1)::timestamp at time zone 'America/Argentina/Buenos_Aires')`,
    ],
    [
      'top products',
      sql`explain (analyze, buffers) select i.product_id, sum(i.quantity), sum(i.line_total)
            from orders o join order_items i on i.order_id = o.id
           where o.store_id = ${big.id} and o.status <> 'cancelled'
             and o.created_at >= ((${range.from}::date)::timestamp at time zone 'America/Argentina/Buenos_Aires')
           group by 1 order by 3 desc limit 10`,
    ],
  ] as const) {
    const plan = (await db.execute(statement)).rows.map((r) => Object.values(r)[0]).join('\n')
    console.log(`\nplan (${label}, big store):\n${plan}`)
  }

  console.log('\n| analytics service `get` (4 statements) | p50 | p99 |')
  console.log('|---|---|---|')
  console.log(`| big store (10 % of orders), 30 days | ${ms(bigTimes.p50)} | ${ms(bigTimes.p99)} |`)
  console.log(
    `| random ordinary store, 30 days | ${ms(ordinaryTimes.p50)} | ${ms(ordinaryTimes.p99)} |`,
  )
  console.log(`| big store, 365 days | ${ms(yearTimes.p50)} | ${ms(yearTimes.p99)} |`)
} finally {
  await database.close()
  if (process.env.BENCH_KEEP_DB) console.log(`kept database ${name}`)
  else await admin.query(`drop database ${name} with (force)`)
  await admin.end()
}
