/**
 * Bulk price changes (issue 28, decision 053): "10,000 variants update in under 5 s on
 * PostgreSQL", measured through the service the route calls.
 *
 * 1. A fresh database (embedded PGlite by default; BENCH_DATABASE_URL=postgres://… for a server,
 *    the figure), migrated; one store with BENCH_VARIANTS variants (default 10,000) over
 *    products of 4 variants each (a quarter with a compare-at price), plus a second store of the
 *    same size that the change must not touch.
 * 2. Times, BENCH_RUNS times each (default 3), on every variant of the store (empty filter): the
 *    preview (dryRun), the change (one transaction: lock, plan, items, update, audit) and its
 *    undo. Each run starts from the prices the previous undo restored.
 *
 * Figures only, never assertions. Run: npx tsx bench/bulk-price.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/bulk-price.ts
 */
import { sql } from 'drizzle-orm'
import { bulkPriceInputSchema } from '@barrio/contracts/price-changes'
import { runMigrations } from '../apps/api/src/db/migrate.ts'
import { openBenchDatabase } from './bench-database.ts'
import { createAuditRepository } from '../apps/api/src/modules/audit/audit.repository.ts'
import { createAuditService } from '../apps/api/src/modules/audit/audit.service.ts'
import { createPriceChangesRepository } from '../apps/api/src/modules/products/price-changes.repository.ts'
import { createPriceChangesService } from '../apps/api/src/modules/products/price-changes.service.ts'

const serverUrl = process.env.BENCH_DATABASE_URL
const VARIANTS = Number(process.env.BENCH_VARIANTS ?? 10_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const PER_PRODUCT = 4

const ms = (n: number) => `${n.toFixed(0)} ms`
async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now()
  const value = await fn()
  return { value, ms: performance.now() - start }
}

const { database, drop } = await openBenchDatabase(serverUrl)

try {
  await runMigrations(database)
  const db = database.db
  const loadStart = Date.now()
  await db.execute(sql`
    insert into users (email, user_type)
    select 'bulk' || g || '@example.com', 'admin' from generate_series(1, 2) g`)
  await db.execute(sql`
    insert into stores (owner_id, name, handle, street, street_number, city, province_code, latitude, longitude)
    select u.id, 'Tienda ' || g, 'tienda-bulk-' || g, 'Calle', g::text, 'Rosario', 'S', -32.95, -60.65
      from generate_series(1, 2) g join users u on u.email = 'bulk' || g || '@example.com'`)
  const products = Math.ceil(VARIANTS / PER_PRODUCT)
  await db.execute(sql`
    insert into products (store_id, title, handle, status, options)
    select s.id, 'Producto ' || g, 'producto-' || g, 'active', array['Talle']
      from stores s, generate_series(1, ${products}::int) g
     where s.handle like 'tienda-bulk-%'`)
  await db.execute(sql`
    insert into product_variants (product_id, title, option_values, price_cents, compare_at_price_cents, position)
    select p.id, 'T' || v, jsonb_build_object('Talle', 'T' || v),
           100000 + (random() * 900000)::int,
           case when v = 1 then 2000000 else null end,
           v
      from products p, generate_series(1, ${PER_PRODUCT}::int) v`)
  const [owner] = (
    await db.execute(
      sql`select s.id as store_id, s.owner_id from stores s where handle = 'tienda-bulk-1'`,
    )
  ).rows as Array<{ store_id: string; owner_id: string }>
  console.log(
    `${serverUrl ? 'PostgreSQL' : 'PGlite'}: 2 stores × ${products * PER_PRODUCT} variants loaded in ${Date.now() - loadStart} ms`,
  )

  const service = createPriceChangesService({
    db,
    repository: createPriceChangesRepository(db),
    audit: createAuditService({ repository: createAuditRepository(db) }),
  })
  const seller = { storeId: owner!.store_id, userId: owner!.owner_id }
  const input = bulkPriceInputSchema.parse({
    filter: {},
    change: { type: 'percent', value: 1200 },
    apply: 'both',
    rounding: '10',
  })

  for (let run = 1; run <= RUNS; run++) {
    const preview = await timed(() => service.preview(seller.storeId, { ...input, dryRun: true }))
    const apply = await timed(() => service.apply(seller, input))
    const undo = await timed(() => service.undo(seller, apply.value.changeId))
    console.log(
      `run ${run}: preview ${ms(preview.ms)} (${preview.value.count} variants), ` +
        `apply ${ms(apply.ms)} (${apply.value.count}), undo ${ms(undo.ms)} (${undo.value.restored} restored, ${undo.value.leftCount} left)`,
    )
  }
} finally {
  await database.close()
  await drop?.()
}
