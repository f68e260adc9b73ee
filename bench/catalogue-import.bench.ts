/**
 * The catalogue import (issue 28, decisions 055 and 057): "a file of 5,000 rows imports on PGlite
 * with a progress bar that moves", measured through the service the route calls, on PGlite and
 * on PostgreSQL in one run.
 *
 * For each database: a fresh one (PGlite in memory; a scratch database on the PostgreSQL server,
 * dropped after), migrated, one store. A CSV of BENCH_ROWS rows (default 5,000) in the export's
 * format: products of 1, 3 and 5 variants in turn (about 1,700 products), es-AR prices
 * ("1.234,50"), stock and unit measures, no image URLs. Then, timed:
 *   1. reading the file (parseCsv + readTable, as the route does),
 *   2. the dry run (every row checked: the route's `dryRun=true`),
 *   3. the import into the empty store, from `start` to `done`, with the import's row read every
 *      BENCH_SAMPLE_MS (default 500) as the web's progress bar polls it (`processed` of `total`),
 *   4. with BENCH_AGAIN=1, the same file again (every product found by SKU and updated).
 * The baseline, in the same run right before the import: the file's first BENCH_BASELINE products
 * (default 300) created one by one through the products service in another store (the editor's
 * path, one transaction each), so the import's time per product reads as a ratio to it whatever
 * the load of the machine.
 *
 * Figures only, never assertions. Run (about 2 minutes on 2 cores):
 *   npx tsx bench/catalogue-import.bench.ts
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the PostgreSQL
 * server; BENCH_SKIP_PG=1 measures PGlite only.
 */
import os from 'node:os'
import path from 'node:path'
import { mkdtempSync, rmSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import pino from 'pino'
import { runMigrations } from '../apps/api/src/db/migrate.ts'
import type { Database } from '../apps/api/src/db/client.ts'
import { createStorage } from '../apps/api/src/integrations/storage.ts'
import { createAuditRepository } from '../apps/api/src/modules/audit/audit.repository.ts'
import { createAuditService } from '../apps/api/src/modules/audit/audit.service.ts'
import { groupRows, parseCsv, readTable } from '../apps/api/src/modules/products/catalog-csv.ts'
import { createCatalogCsvRepository } from '../apps/api/src/modules/products/catalog-csv.repository.ts'
import { createCatalogCsvService } from '../apps/api/src/modules/products/catalog-csv.service.ts'
import { createProductsRepository } from '../apps/api/src/modules/products/products.repository.ts'
import { createProductsService } from '../apps/api/src/modules/products/products.service.ts'
import { openBenchDatabase } from './bench-database.ts'

const ROWS = Number(process.env.BENCH_ROWS ?? 5_000)
const SAMPLE_MS = Number(process.env.BENCH_SAMPLE_MS ?? 500)
const BASELINE = Number(process.env.BENCH_BASELINE ?? 300)
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const HEADER =
  'handle;title;description;status;collections;option1_name;option1_value;option2_name;option2_value;option3_name;option3_value;variant_title;sku;barcode;price;compare_at_price;stock;unit;unit_quantity;images'
const SIZES = ['XS', 'S', 'M', 'L', 'XL']

/** ROWS rows: products of 1, 3 and 5 variants in turn (the last one cut to fit). */
function catalogue(rows: number) {
  const lines = [HEADER]
  let products = 0
  for (let p = 1; lines.length - 1 < rows; p++) {
    products++
    const variants = Math.min([1, 3, 5][p % 3]!, rows - (lines.length - 1))
    for (let v = 0; v < variants; v++) {
      const price = 1000 + ((p * 37 + v * 11) % 90_000)
      const pesos = `${Math.floor(price / 1000) ? `${Math.floor(price / 1000)}.` : ''}${String(price % 1000).padStart(3, '0')},50`
      lines.push(
        [
          `producto-${p}`,
          `Producto ${p}`,
          `Descripción del producto ${p}`,
          'active',
          '',
          variants > 1 ? 'Talle' : '',
          variants > 1 ? SIZES[v]! : '',
          '',
          '',
          '',
          '',
          '',
          `SKU-${p}-${v}`,
          '',
          pesos,
          '',
          String(10 + v),
          v === 0 ? 'kg' : '',
          v === 0 ? '1' : '',
          '',
        ].join(';'),
      )
    }
  }
  return { csv: `\uFEFF${lines.join('\r\n')}\r\n`, products }
}

async function timed<T>(fn: () => Promise<T> | T): Promise<{ value: T; ms: number }> {
  const start = performance.now()
  const value = await fn()
  return { value, ms: performance.now() - start }
}
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`

async function measure(label: string, database: Database, csv: string) {
  await runMigrations(database)
  const db = database.db
  await db.execute(sql`insert into users (email, user_type) values ('import@example.com', 'admin')`)
  await db.execute(sql`
    insert into stores (owner_id, name, handle, street, street_number, city, province_code, latitude, longitude)
    select id, 'Tienda ' || g, 'tienda-import-' || g, 'Calle', '1', 'Rosario', 'S', -32.95, -60.65
      from users, generate_series(1, 2) g where email = 'import@example.com'`)
  const [owner, other] = (
    await db.execute(sql`select id as store_id, owner_id from stores order by handle`)
  ).rows as Array<{
    store_id: string
    owner_id: string
  }>
  const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'barrio-bench-import-'))
  const service = createCatalogCsvService({
    db,
    repository: createCatalogCsvRepository(db),
    storage: createStorage({ uploadsDir, s3: null }),
    audit: createAuditService({ repository: createAuditRepository(db) }),
    log: pino({ level: 'silent' }),
    onProductsChanged: () => {},
    images: { allowedAddresses: [], timeoutMs: 10_000 },
  })
  const seller = { storeId: owner!.store_id, userId: owner!.owner_id }

  const read = await timed(() => readTable(parseCsv(csv)))
  // The baseline: the editor's path, product by product, in the other store.
  const products = createProductsService({
    db,
    repository: createProductsRepository(db),
    storage: createStorage({ uploadsDir, s3: null }),
    audit: createAuditService({ repository: createAuditRepository(db) }),
  })
  const groups = groupRows(read.value.rows, new Map()).groups.slice(0, BASELINE)
  const baseline = await timed(async () => {
    for (const g of groups) await products.create(other!.store_id, g.input)
  })
  const baselinePerProduct = baseline.ms / groups.length
  const dry = await timed(() => service.validate(seller.storeId, parseCsv(csv)))
  if (dry.value.errors.length) throw new Error(JSON.stringify(dry.value.errors.slice(0, 3)))

  async function run() {
    const start = performance.now()
    const samples: Array<{ at: number; processed: number; status: string }> = []
    const { importId } = await service.start(seller, parseCsv(csv))
    for (;;) {
      const state = await service.get(seller.storeId, importId)
      samples.push({
        at: performance.now() - start,
        processed: state.processed,
        status: state.status,
      })
      if (state.status === 'done' || state.status === 'failed') {
        await service.settled()
        return { ms: performance.now() - start, state, samples }
      }
      await new Promise((r) => setTimeout(r, SAMPLE_MS))
    }
  }
  const first = await run()
  const second = process.env.BENCH_AGAIN ? await run() : null
  await service.stop()
  rmSync(uploadsDir, { recursive: true, force: true })

  console.log(`\n## ${label}`)
  console.log(`read the file (${read.value.rows.length} rows): ${read.ms.toFixed(0)} ms`)
  console.log(`dry run (every row checked): ${dry.ms.toFixed(0)} ms`)
  console.log(
    `baseline: ${groups.length} products created one by one through the products service in ` +
      `${s(baseline.ms)} (${baselinePerProduct.toFixed(1)} ms a product)`,
  )
  for (const [name, r] of [
    ['import into the empty store', first],
    ['the same file again (all updates)', second],
  ] as const) {
    if (!r) continue
    console.log(
      `${name}: ${s(r.ms)} → ${r.state.status}, ${r.state.processed}/${r.state.total} rows, ` +
        `${r.state.created} created, ${r.state.updated} updated, ` +
        `${(r.state.total / (r.ms / 1000)).toFixed(0)} rows/s, ` +
        `${(r.ms / (r.state.created + r.state.updated)).toFixed(1)} ms a product = ` +
        `${(r.ms / (r.state.created + r.state.updated) / baselinePerProduct).toFixed(2)} × the baseline`,
    )
    const distinct = new Set(r.samples.map((x) => x.processed)).size
    const shown = r.samples.filter((_, i) => i % Math.max(1, Math.ceil(r.samples.length / 8)) === 0)
    console.log(
      `  progress (${r.samples.length} polls, ${distinct} distinct values): ` +
        [...shown, r.samples.at(-1)!]
          .map((x) => `${(x.at / 1000).toFixed(1)} s ${x.processed}`)
          .join(' · '),
    )
  }
  return { first, second, dry, read, baselinePerProduct }
}

const { csv, products } = catalogue(ROWS)
console.log(
  `catalogue: ${ROWS} rows, ${products} products, ${(Buffer.byteLength(csv) / 1024).toFixed(0)} KB; ` +
    `node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}`,
)
const results: Array<[string, Awaited<ReturnType<typeof measure>>]> = []
{
  const { database } = await openBenchDatabase(undefined)
  try {
    results.push(['PGlite (in memory)', await measure('PGlite (in memory)', database, csv)])
  } finally {
    await database.close()
  }
}
if (!process.env.BENCH_SKIP_PG) {
  const { database, drop } = await openBenchDatabase(serverUrl)
  try {
    results.push(['PostgreSQL 15', await measure('PostgreSQL 15 (127.0.0.1)', database, csv)])
  } finally {
    await database.close()
    await drop?.()
  }
}
console.log(
  '\n| database | read | dry run | import (empty store) | again (updates) | rows/s (import) | ms a product: baseline → import (ratio) |',
)
console.log('| --- | --- | --- | --- | --- | --- | --- |')
for (const [label, r] of results)
  console.log(
    `| ${label} | ${r.read.ms.toFixed(0)} ms | ${r.dry.ms.toFixed(0)} ms | ${s(r.first.ms)} | ${r.second ? s(r.second.ms) : '—'} | ${(ROWS / (r.first.ms / 1000)).toFixed(0)} | ${r.baselinePerProduct.toFixed(1)} → ${(r.first.ms / r.first.state.created).toFixed(1)} (${(r.first.ms / r.first.state.created / r.baselinePerProduct).toFixed(2)} ×) |`,
  )
