// The catalogue as a spreadsheet (issue 28, decision 055) through the real routes, on PGlite or
// on PostgreSQL with TEST_DATABASE_URL: the export's content, BOM and separators, row errors of a
// dry run, the import's upsert by SKU (else handle), a failing batch that leaves nothing of
// itself, export → import giving the same catalogue, other stores untouched, staff refused.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { CatalogImport } from '@barrio/contracts/catalog-csv'
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts'
import {
  createProductAs,
  listProductsAs,
  productInput,
  signedInSeller,
  teamMember,
} from '../../../test/factories.ts'
import { parsePesos, parseCsv } from './catalog-csv.ts'

type Seller = { headers: Record<string, string> }
type Variant = {
  _id: string
  title: string
  sku: string | null
  price: number
  compareAtPrice: number | null
  stock: number
  trackInventory: boolean
  options: Record<string, string>
  unitMeasure: { unit: string; quantity: number } | null
}
type Product = {
  _id: string
  title: string
  handle: string
  description: string
  status: string
  collectionIds: string[]
  options: string[]
  variants: Variant[]
}

let app: TestApp
let owner: Awaited<ReturnType<typeof signedInSeller>>

beforeAll(async () => {
  app = await buildTestApp()
  owner = await signedInSeller(app)
}, 60_000)
afterAll(async () => {
  await app.close()
})

const createProduct = (seller: Seller, payload: object) =>
  createProductAs<Product>(app, seller, payload)
const allProducts = (seller: Seller) => listProductsAs<Product>(app, seller)
const exportCsv = (seller: Seller, separator?: string) =>
  app.inject({
    method: 'GET',
    url: `/api/v1/admin/products/export.csv${separator ? `?separator=${separator}` : ''}`,
    headers: seller.headers,
  })

function upload(seller: Seller, csv: string, dryRun = false) {
  const boundary = '----barrio-catalogue'
  return app.inject({
    method: 'POST',
    url: `/api/v1/admin/products/import${dryRun ? '?dryRun=true' : ''}`,
    headers: { ...seller.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="catalogo.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  })
}
/** What GET /admin/imports/{id} answers. */
type ImportState = CatalogImport
/** Starts an import and waits for the background to finish it. */
async function importCsv(seller: Seller, csv: string): Promise<ImportState> {
  const res = await upload(seller, csv)
  expect(res.statusCode, res.body).toBe(202)
  await app.catalogCsvService.settled()
  const state = await app.inject({
    method: 'GET',
    url: `/api/v1/admin/imports/${(res.json() as { importId: string }).importId}`,
    headers: seller.headers,
  })
  expect(state.statusCode).toBe(200)
  return state.json()
}

const HEADER =
  'handle;title;description;status;collections;option1_name;option1_value;option2_name;option2_value;option3_name;option3_value;variant_title;sku;barcode;price;compare_at_price;stock;unit;unit_quantity;images'
const row = (cells: Partial<Record<string, string>>) =>
  HEADER.split(';')
    .map((c) => cells[c] ?? '')
    .join(';')

describe('reading amounts and files', () => {
  test('pesos in es-AR and plain spellings become centavos', () => {
    expect(parsePesos('1.234,50')).toBe(123450)
    expect(parsePesos('1234,5')).toBe(123450)
    expect(parsePesos('1234.50')).toBe(123450)
    expect(parsePesos('1,234.50')).toBe(123450)
    expect(parsePesos('$ 1.500')).toBe(150000)
    expect(parsePesos('45')).toBe(4500)
    expect(parsePesos('12,345,6')).toBeNull()
    expect(parsePesos('abc')).toBeNull()
    expect(parsePesos('-5')).toBeNull()
  })
  test('quoted fields keep separators, quotes and line breaks', () => {
    expect(parseCsv('\uFEFFa;b\r\n"x;y";"di ""hola""\nchau"\r\n')).toEqual([
      ['a', 'b'],
      ['x;y', 'di "hola"\nchau'],
    ])
    expect(parseCsv('a,b\n1,"2,5"\n')).toEqual([
      ['a', 'b'],
      ['1', '2,5'],
    ])
  })
})

describe('export', () => {
  test('one row per variant, BOM, `;` with decimal commas or `,` with decimal points', async () => {
    const seller = await signedInSeller(app)
    const collection = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/collections',
      headers: seller.headers,
      payload: { title: 'Ropa', handle: 'ropa' },
    })
    expect(collection.statusCode).toBe(201)
    await createProduct(
      seller,
      productInput({
        handle: 'remera',
        description: 'Lisa; de algodón "peinado"',
        collectionIds: [(collection.json() as { _id: string })._id],
      }),
    )
    await createProduct(seller, {
      title: 'Yerba 1 kg',
      handle: 'yerba',
      status: 'draft',
      variants: [
        {
          sku: 'YER-1',
          price: 450050,
          trackInventory: false,
          unitMeasure: { unit: 'kg', quantity: 0.5 },
        },
      ],
    })

    const res = await exportCsv(seller)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/csv')
    expect(res.body.startsWith('\uFEFFhandle;title;description;')).toBe(true)
    const lines = res.body.replace('\uFEFF', '').trim().split('\r\n')
    expect(lines).toHaveLength(4)
    expect(lines).toContain(
      'remera;Remera de algodón;"Lisa; de algodón ""peinado""";active;ropa;Talle;L;Color;Negro;;;;REM-L-N;;16000,00;19000,00;1;;;',
    )
    expect(lines).toContain('yerba;Yerba 1 kg;;draft;;;;;;;;;YER-1;;4500,50;;;kg;0,5;')

    const comma = await exportCsv(seller, 'comma')
    expect(comma.body.startsWith('\uFEFFhandle,title,')).toBe(true)
    expect(comma.body).toContain('yerba,Yerba 1 kg,,draft,,,,,,,,,YER-1,,4500.50,,,kg,0.5,')
    expect(comma.body).toContain('"Lisa; de algodón ""peinado"""')
  })

  test('staff may export (prices readable) but not import; another store sees none of it', async () => {
    const staff = await teamMember(app, owner, 'staff')
    await createProduct(
      owner,
      productInput({
        handle: 'solo-del-dueno',
        variants: [{ sku: 'DUE-1', price: 100 }],
        options: [],
      }),
    )
    const res = await exportCsv(staff)
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('solo-del-dueno')
    expect((await upload(staff, `${HEADER}\r\n`, true)).statusCode).toBe(403)
    expect((await upload(staff, `${HEADER}\r\n`)).statusCode).toBe(403)

    const stranger = await signedInSeller(app)
    const theirs = await exportCsv(stranger)
    expect(theirs.body).not.toContain('solo-del-dueno')
  })
})

describe('import', () => {
  test('a dry run names each bad row and column in Spanish and writes nothing', async () => {
    const seller = await signedInSeller(app)
    const csv = [
      HEADER,
      row({ handle: 'cafe', title: 'Café', price: '1.234,50', sku: 'CAF-1' }),
      row({ handle: 'te', title: 'Té', price: 'doce', sku: 'TE-1' }),
      row({ handle: 'mate', title: 'Mate', price: '100', compare_at_price: '90' }),
      row({ handle: 'bombilla', title: 'Bombilla', price: '50', stock: '-2', sku: 'CAF-1' }),
      row({
        handle: 'termo',
        title: 'Termo',
        price: '50',
        collections: 'no-existe',
        status: 'vendido',
      }),
    ].join('\r\n')
    const res = await upload(seller, csv, true)
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json() as { total: number; errors: ImportState['errors'] }
    expect(body.total).toBe(5)
    expect(body.errors).toEqual(
      expect.arrayContaining([
        {
          row: 3,
          field: 'price',
          message: 'Fila 3: el precio "doce" no es válido (ej.: 1.234,50)',
        },
        {
          row: 4,
          field: 'compare_at_price',
          message: 'Fila 4: el precio de lista debe ser mayor que el precio',
        },
        expect.objectContaining({ row: 5, field: 'stock' }),
        { row: 5, field: 'sku', message: 'Fila 5: el SKU "CAF-1" ya está en la fila 2' },
        expect.objectContaining({ row: 6, field: 'collections' }),
        expect.objectContaining({ row: 6, field: 'status' }),
      ]),
    )
    expect(body.errors.some((e) => e.row === 2)).toBe(false)
    expect(await allProducts(seller)).toEqual([])

    // Without dryRun the same file fails before writing anything.
    const state = await importCsv(seller, csv)
    expect(state.status).toBe('failed')
    expect(state.errors.length).toBe(body.errors.length)
    expect(await allProducts(seller)).toEqual([])
  })

  test('upsert: a known SKU updates its variant, a new handle creates a product', async () => {
    const seller = await signedInSeller(app)
    const remera = await createProduct(seller, productInput({ handle: 'remera' }))
    const csv = [
      HEADER,
      // The SKU finds the product under another handle (which it takes); the price moves 50 % (audited).
      row({
        handle: 'remera-nueva',
        title: 'Remera nueva',
        option1_name: 'Talle',
        option1_value: 'M',
        option2_name: 'Color',
        option2_value: 'Negro',
        sku: 'REM-M-N',
        price: '22.500,00',
        stock: '9',
        status: 'active',
      }),
      row({
        handle: 'taza',
        title: 'Taza',
        price: '3500.5',
        stock: '4',
        unit: 'ml',
        unit_quantity: '350',
      }),
    ].join('\r\n')
    const state = await importCsv(seller, csv)
    expect(state).toMatchObject({ status: 'done', total: 2, processed: 2, created: 1, updated: 1 })

    const products = await allProducts(seller)
    expect(products.map((p) => p.title)).toEqual(['Remera nueva', 'Taza'])
    const updated = products.find((p) => p._id === remera._id)!
    expect(updated.handle).toBe('remera-nueva')
    const m = updated.variants.find((v) => v.sku === 'REM-M-N')!
    expect(m._id).toBe(remera.variants[0]!._id)
    expect(m).toMatchObject({ price: 2250000, stock: 9 })
    // The variant the file does not name stays as it was.
    expect(updated.variants.find((v) => v.sku === 'REM-L-N')).toMatchObject({ price: 1600000 })
    const taza = products.find((p) => p.title === 'Taza')!
    expect(taza.variants[0]).toMatchObject({
      price: 350050,
      stock: 4,
      trackInventory: true,
      unitMeasure: { unit: 'ml', quantity: 350 },
    })
    const audited = await app.db.execute(
      sql`select count(*)::int as n from audit_log where action = 'products.price_changed' and store_id = ${seller.headers['x-store-id']}`,
    )
    expect(Number((audited.rows[0] as { n: number }).n)).toBe(1)
  })

  test('a batch that fails leaves nothing of itself; earlier batches stay', async () => {
    const seller = await signedInSeller(app)
    // 200 one-row products fill the first batch; the second holds "Ok" then "Falla".
    const rows = Array.from({ length: 200 }, (_, i) =>
      row({ handle: `p-${i}`, title: `Producto ${i}`, price: '10' }),
    )
    rows.push(row({ handle: 'ok', title: 'Ok', price: '10' }))
    rows.push(row({ handle: 'falla', title: 'Falla', price: '10' }))
    // A fault the checks cannot foresee: the database refuses the product titled "Falla".
    await app.db
      .execute(sql`create or replace function catalog_csv_test_fault() returns trigger as $$
      begin if new.title = 'Falla' then raise exception 'fault for the test'; end if; return new; end
      $$ language plpgsql`)
    await app.db.execute(sql`create trigger catalog_csv_test_fault before insert on products
      for each row execute function catalog_csv_test_fault()`)
    try {
      const state = await importCsv(seller, [HEADER, ...rows].join('\r\n'))
      expect(state).toMatchObject({ status: 'failed', total: 202, processed: 200, created: 200 })
      expect(state.errors).toEqual([
        { row: 202, field: '', message: 'No pudimos guardar estas filas.' },
      ])
    } finally {
      await app.db.execute(sql`drop trigger catalog_csv_test_fault on products`)
    }
    const handles = await app.db.execute(
      sql`select handle from products where store_id = ${seller.headers['x-store-id']}`,
    )
    const names = handles.rows.map((r) => (r as { handle: string }).handle)
    expect(names).toHaveLength(200)
    expect(names).not.toContain('ok')
  }, 120_000)

  test('export → import into an empty store gives the same catalogue; the source is untouched', async () => {
    const source = await signedInSeller(app)
    const target = await signedInSeller(app)
    for (const seller of [source, target])
      await app.inject({
        method: 'POST',
        url: '/api/v1/admin/collections',
        headers: seller.headers,
        payload: { title: 'Almacén', handle: 'almacen' },
      })
    const [almacen] = (
      await app.inject({ method: 'GET', url: '/api/v1/admin/collections', headers: source.headers })
    ).json().docs as Array<{ _id: string }>
    await createProduct(
      source,
      productInput({
        handle: 'remera',
        description: '-Oferta; "2x1"',
        collectionIds: [almacen!._id],
      }),
    )
    await createProduct(source, {
      title: 'Queso por kilo',
      handle: 'queso',
      status: 'archived',
      variants: [
        {
          title: 'Horma',
          price: 999999,
          trackInventory: false,
          unitMeasure: { unit: 'kg', quantity: 1.25 },
        },
      ],
    })
    const before = await allProducts(source)
    const csv = (await exportCsv(source)).body

    const state = await importCsv(target, csv)
    expect(state).toMatchObject({ status: 'done', created: 2, updated: 0, errors: [] })
    const shape = (products: Product[], collections: Map<string, string>) =>
      products.map((p) => ({
        title: p.title,
        handle: p.handle,
        description: p.description,
        status: p.status,
        collections: p.collectionIds.map((id) => collections.get(id)),
        options: p.options,
        variants: p.variants.map((v) => ({
          title: v.title,
          sku: v.sku,
          options: v.options,
          price: v.price,
          compareAtPrice: v.compareAtPrice,
          stock: v.trackInventory ? v.stock : null,
          trackInventory: v.trackInventory,
          unitMeasure: v.unitMeasure,
        })),
      }))
    const collectionsOf = async (seller: Seller) =>
      new Map(
        (
          (
            await app.inject({
              method: 'GET',
              url: '/api/v1/admin/collections',
              headers: seller.headers,
            })
          ).json().docs as Array<{ _id: string; handle: string }>
        ).map((c) => [c._id, c.handle]),
      )
    expect(shape(await allProducts(target), await collectionsOf(target))).toEqual(
      shape(before, await collectionsOf(source)),
    )
    // Importing the same file again only updates, and changes nothing.
    expect(await importCsv(target, csv)).toMatchObject({ status: 'done', created: 0, updated: 2 })
    expect(shape(await allProducts(target), await collectionsOf(target))).toEqual(
      shape(before, await collectionsOf(source)),
    )
    expect(await allProducts(source)).toEqual(before)

    // The `,` export ("4500.50") reads back the same.
    const third = await signedInSeller(app)
    await app.inject({
      method: 'POST',
      url: '/api/v1/admin/collections',
      headers: third.headers,
      payload: { title: 'Almacén', handle: 'almacen' },
    })
    const comma = (await exportCsv(source, 'comma')).body
    expect(await importCsv(third, comma)).toMatchObject({ status: 'done', created: 2 })
    expect(shape(await allProducts(third), await collectionsOf(third))).toEqual(
      shape(before, await collectionsOf(source)),
    )
  })

  test('a damaged .xlsx or an Excel 97 .xls is refused in Spanish (400, never a 500)', async () => {
    const send = (filename: string, body: Buffer) => {
      const boundary = '----barrio-xlsx'
      return app.inject({
        method: 'POST',
        url: '/api/v1/admin/products/import?dryRun=true',
        headers: { ...owner.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          ),
          body,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      })
    }
    const damaged = await send('catalogo.xlsx', Buffer.from('PK\x03\x04 not really a workbook'))
    expect(damaged.statusCode).toBe(400)
    expect(damaged.json()).toMatchObject({
      code: 'INVALID',
      message: expect.stringContaining('No pudimos leer la planilla'),
    })
    const old = await send('catalogo.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1]))
    expect(old.statusCode).toBe(400)
    expect(old.json()).toMatchObject({
      code: 'INVALID',
      message: expect.stringContaining('.xlsx o CSV'),
    })
  })
})
