/**
 * A store's customers list (issue 14, decision 022): order counts, totals and last order computed
 * per request from orders_customer_idx, against the alternative of keeping them in columns.
 *
 * 1. A fresh database (embedded PGlite by default; BENCH_DATABASE_URL=postgres://… for a server),
 *    migrated; one big store with BENCH_CUSTOMERS customers (default 5,000) and BENCH_ORDERS
 *    orders (default 50,000) spread over them, plus 20 small stores with 50 customers each.
 * 2. Times the repository's `list` (page 1 of 25) as the web asks for it: the default sort (last
 *    order), sorted by total spent, filtered by a total-spent range, and a search; then the same
 *    page read from a table where the three figures were precomputed (what maintained columns
 *    would cost at best), and a customer's detail.
 *
 * Figures only, never assertions. Run: npx tsx bench/customers.bench.ts
 */
import { sql } from 'drizzle-orm'
import { runMigrations } from '../apps/api/src/db/migrate.ts'
import { openBenchDatabase } from './bench-database.ts'
import { createCustomersRepository } from '../apps/api/src/modules/customers/customers.repository.ts'

const serverUrl = process.env.BENCH_DATABASE_URL
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 5_000)
const ORDERS = Number(process.env.BENCH_ORDERS ?? 50_000)
const SAMPLES = 30

const ms = (n: number) => `${n.toFixed(1)} ms`
async function timeIt(fn: () => Promise<unknown>) {
  const samples: number[] = []
  for (let i = 0; i < SAMPLES; i++) {
    const start = performance.now()
    await fn()
    samples.push(performance.now() - start)
  }
  samples.sort((a, b) => a - b)
  return `p50 ${ms(samples[Math.floor(SAMPLES / 2)]!)}, p90 ${ms(samples[Math.floor(SAMPLES * 0.9)]!)}`
}

const { database, drop } = await openBenchDatabase(serverUrl)

try {
  await runMigrations(database)
  const db = database.db
  const started = Date.now()
  await db.execute(sql`
    insert into users (email, user_type)
    select 'b' || g || '@example.com', case when g <= 21 then 'admin' else 'customer' end
    from generate_series(1, ${CUSTOMERS + 21}::int) g`)
  await db.execute(sql`
    insert into stores (owner_id, name, handle, street, street_number, city, province_code, latitude, longitude)
    select u.id, 'Tienda ' || g, 'tienda-' || g, 'Calle', g::text, 'CABA', 'C', -34.6, -58.4
    from generate_series(1, 21) g join users u on u.email = 'b' || g || '@example.com'`)
  const [big] = (await db.execute(sql`select id from stores where handle = 'tienda-1'`))
    .rows as Array<{ id: string }>
  await db.execute(sql`
    insert into store_customers (store_id, user_id, first_name, last_name, phone, email)
    select ${big!.id}, u.id, 'Nombre' || u.email, 'Apellido', '+54911' || lpad((10000000 + row_number() over ())::text, 8, '0'), u.email
      from users u where u.user_type = 'customer'`)
  await db.execute(sql`
    insert into store_customers (store_id, user_id, first_name, last_name, phone)
    select s.id, u.id, 'N', 'A', '+5491100000000'
      from stores s cross join lateral (select id from users where user_type = 'customer' order by random() limit 50) u
     where s.handle <> 'tienda-1'`)
  await db.execute(sql`
    with c as (select id, user_id, row_number() over (order by id) as n from store_customers where store_id = ${big!.id})
    insert into orders (store_id, user_id, customer_id, checkout_id, status, payment_status, delivery_type,
                        payment_method, contact, subtotal, total, created_at)
    select ${big!.id}, c.user_id, c.id, gen_random_uuid(),
           case when random() < 0.05 then 'cancelled' else 'completed' end,
           case when random() < 0.03 then 'refunded' else 'paid' end,
           'pickup', 'cash', '{"firstName":"N","lastName":"A","phone":"+5491100000000","email":"x@example.com"}',
           1000 + (random() * 90000)::int, 1000 + (random() * 90000)::int,
           now() - random() * interval '365 days'
      from generate_series(1, ${ORDERS}::int) g
      join c on c.n = 1 + (g % ${CUSTOMERS}::int)`)
  await db.execute(sql`analyze`)
  console.log(
    `${serverUrl ? 'PostgreSQL' : 'PGlite'}: ${CUSTOMERS} customers, ${ORDERS} orders in the big store, loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )

  const repo = createCustomersRepository(db)
  const page = { page: 1, limit: 25 }
  console.log(
    `list, default sort (-lastOrderAt):  ${await timeIt(() => repo.list(big!.id, {}, '-lastOrderAt', page))}`,
  )
  console.log(
    `list, sort -totalSpent:             ${await timeIt(() => repo.list(big!.id, {}, '-totalSpent', page))}`,
  )
  console.log(
    `list, totalSpent >= 500000:         ${await timeIt(() => repo.list(big!.id, { totalSpent: { $gte: 500_000 } }, '-lastOrderAt', page))}`,
  )
  console.log(
    `list, search "nombreb12":           ${await timeIt(() => repo.list(big!.id, { search: 'nombreb12' }, '-lastOrderAt', page))}`,
  )
  const [one] = (await repo.list(big!.id, {}, '-lastOrderAt', page)).rows
  console.log(
    `detail (one customer):              ${await timeIt(() => repo.find(big!.id, one!.id))}`,
  )

  // The alternative: the same figures kept in columns (here precomputed once, no upkeep counted).
  await db.execute(sql`
    create table kept as
    select c.*, coalesce(a.n, 0) as orders_count, coalesce(a.spent, 0) as total_spent, a.last_at as last_order_at
      from store_customers c left join (
        select customer_id, count(*) n, sum(case when payment_status = 'refunded' then 0 else total end) spent, max(created_at) last_at
          from orders where status <> 'cancelled' group by customer_id) a on a.customer_id = c.id`)
  await db.execute(
    sql`create index kept_store_last on kept (store_id, last_order_at desc nulls last)`,
  )
  await db.execute(sql`create index kept_store_spent on kept (store_id, total_spent desc)`)
  await db.execute(sql`analyze kept`)
  const keptPage = (order: string) => () =>
    db.execute(
      sql`select *, count(*) over () from kept where store_id = ${big!.id} order by ${sql.raw(order)}, id limit 25`,
    )
  console.log(
    `kept columns, default sort:         ${await timeIt(keptPage('last_order_at desc nulls last'))}`,
  )
  console.log(`kept columns, sort -totalSpent:     ${await timeIt(keptPage('total_spent desc'))}`)
} finally {
  await database.close()
  await drop?.()
}
