// The catalogue import's .xlsx, images by URL and resuming (issue 28, decision 057) through the
// real routes, on PGlite or on PostgreSQL with TEST_DATABASE_URL: an Excel sheet with numbers
// and es-AR text amounts; image URLs fetched from a loopback HTTP server (a fake of the internet)
// with the upload's checks, private addresses refused, failures reported per row; an import a
// dead process left `running` finished by the next process from its next unwritten batch.
import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { CatalogImport } from '@barrio/contracts/catalog-csv'
import { buildApp } from '../../app.ts'
import { parseEnv } from '../../config/env.ts'
import { productImports } from '../../db/schema/product-imports.ts'
import {
  buildTestApp,
  TEST_SCHEDULE_CLOCK_START,
  type TestApp,
} from '../../../test/build-test-app.ts'
import { listProductsAs, signedInSeller } from '../../../test/factories.ts'
import { pngImage } from '../../../test/images.ts'
import sharp from 'sharp'
import { readRows } from './catalog-csv.ts'

type Seller = Awaited<ReturnType<typeof signedInSeller>>
type Media = { url: string; width: number | null; height: number | null }
type Product = {
  _id: string
  title: string
  handle: string
  media: Media[]
  variants: Array<{
    sku: string | null
    price: number
    stock: number
    options: Record<string, string>
  }>
}
/** What GET /admin/imports/{id} answers. */
type ImportState = CatalogImport

let app: TestApp
let server: http.Server
let origin: string
const hits = new Map<string, number>()

beforeAll(async () => {
  const png = await pngImage(60, 40)
  const jpeg = await sharp({
    create: { width: 30, height: 50, channels: 3, background: '#1971c2' },
  })
    .jpeg()
    .toBuffer()
  server = http.createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1)
    if (req.url === '/a.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png)
    if (req.url === '/b.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg)
    if (req.url === '/moved.png') return res.writeHead(302, { location: '/a.png' }).end()
    if (req.url === '/text.png')
      return res.writeHead(200, { 'content-type': 'image/png' }).end('hola')
    if (req.url === '/slow.png') return // never answers: the import's timeout ends it
    res.writeHead(404).end()
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  app = await buildTestApp({
    IMPORT_IMAGE_ALLOWED_ADDRESSES: '127.0.0.1',
    IMPORT_IMAGE_TIMEOUT_MS: '1000',
  })
}, 60_000)
afterAll(async () => {
  await app.close()
  server.closeAllConnections()
  server.close()
})

function upload(seller: Seller, file: Buffer, filename: string, dryRun = false) {
  const boundary = '----barrio-catalogue'
  return app.inject({
    method: 'POST',
    url: `/api/v1/admin/products/import${dryRun ? '?dryRun=true' : ''}`,
    headers: { ...seller.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  })
}
async function state(seller: Seller, importId: string): Promise<ImportState> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/admin/imports/${importId}`,
    headers: seller.headers,
  })
  expect(res.statusCode).toBe(200)
  return res.json()
}
async function importFile(seller: Seller, file: Buffer, filename: string) {
  const res = await upload(seller, file, filename)
  expect(res.statusCode, res.body).toBe(202)
  await app.catalogCsvService.settled()
  return state(seller, (res.json() as { importId: string }).importId)
}
const allProducts = (seller: Seller) => listProductsAs<Product>(app, seller)

const HEADER = [
  'handle',
  'title',
  'option1_name',
  'option1_value',
  'sku',
  'price',
  'stock',
  'images',
]

async function workbook(rows: unknown[][]) {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('Catálogo')
  sheet.addRow(HEADER)
  for (const r of rows) sheet.addRow(r)
  // Only the first sheet is read.
  book.addWorksheet('Notas').addRow(['handle', 'title', 'price'])
  book.getWorksheet('Notas')!.addRow(['no-va', 'No va', 1])
  return Buffer.from(await book.xlsx.writeBuffer())
}

describe('.xlsx', () => {
  test('numbers as numbers or as es-AR text, the first sheet only, row errors by row', async () => {
    const seller = await signedInSeller(app)
    const file = await workbook([
      ['yerba', 'Yerba 1 kg', 'Peso', '1 kg', 'YER-1', 1234.5, 12, ''],
      ['yerba', 'Yerba 1 kg', 'Peso', '500 g', 'YER-05', '1.234,50', '', ''],
      ['mate', 'Mate de calabaza', '', '', 'MATE', 15000, 3, ''],
    ])
    const dry = await upload(seller, file, 'catalogo.xlsx', true)
    expect(dry.statusCode, dry.body).toBe(200)
    expect(dry.json()).toEqual({ total: 3, errors: [] })

    expect(await importFile(seller, file, 'catalogo.xlsx')).toMatchObject({
      status: 'done',
      processed: 3,
      created: 2,
      updated: 0,
      errors: [],
    })
    const products = await allProducts(seller)
    expect(products.map((p) => p.handle)).toEqual(['mate', 'yerba'])
    const yerba = products.find((p) => p.handle === 'yerba')!
    expect(yerba.variants.map((v) => [v.sku, v.price, v.stock])).toEqual([
      ['YER-1', 123450, 12],
      ['YER-05', 123450, 0],
    ])
    expect(products.find((p) => p.handle === 'mate')!.variants[0]!.price).toBe(1500000)

    const bad = await workbook([['te', 'Té', '', '', 'TE', 'doce', 1, '']])
    const res = await upload(seller, bad, 'catalogo.xlsx', true)
    expect(res.json()).toEqual({
      total: 1,
      errors: [
        {
          row: 2,
          field: 'price',
          message: 'Fila 2: el precio "doce" no es válido (ej.: 1.234,50)',
        },
      ],
    })
  })

  test('a workbook sent under another name is still read as one (by its bytes)', async () => {
    const seller = await signedInSeller(app)
    const file = await workbook([['pan', 'Pan', '', '', 'PAN', 800, '', '']])
    const dry = await upload(seller, file, 'catalogo.csv', true)
    expect(dry.json()).toEqual({ total: 1, errors: [] })
  })
})

describe('images by URL', () => {
  test('fetched in order and attached, failures per row, private addresses refused; again: nothing twice', async () => {
    const seller = await signedInSeller(app)
    const port = new URL(origin).port
    const csv = [
      HEADER.join(';'),
      [
        'remera',
        'Remera',
        'Talle',
        'S',
        'REM-S',
        '100',
        '1',
        `${origin}/a.png|${origin}/b.jpg`,
      ].join(';'),
      ['remera', 'Remera', 'Talle', 'M', 'REM-M', '100', '1', `${origin}/moved.png`].join(';'),
      [
        'gorra',
        'Gorra',
        '',
        '',
        'GOR',
        '50',
        '',
        [
          `${origin}/text.png`,
          `${origin}/missing.png`,
          `http://127.0.0.2:${port}/a.png`,
          'ftp://example.com/a.png',
          `${origin}/slow.png`,
        ].join('|'),
      ].join(';'),
    ].join('\r\n')
    const done = await importFile(seller, Buffer.from(csv), 'catalogo.csv')
    expect(done).toMatchObject({ status: 'done', created: 2, images: { total: 8, done: 8 } })
    const messages = done.errors.map((e) => [e.row, e.field, e.message])
    expect(messages).toEqual([
      [4, 'images', expect.stringMatching(/text\.png: no es una imagen JPEG, PNG o WebP$/)],
      [4, 'images', expect.stringMatching(/missing\.png: el sitio respondió 404$/)],
      [
        4,
        'images',
        expect.stringMatching(/127\.0\.0\.2.*: apunta a una dirección privada o local$/),
      ],
      [
        4,
        'images',
        expect.stringMatching(/ftp:.*: solo se traen imágenes de direcciones http o https$/),
      ],
      [4, 'images', expect.stringMatching(/slow\.png: no respondió en 1 s$/)],
    ])
    for (const [, , message] of messages)
      expect(message).toMatch(/^Fila 4: no pudimos agregar la imagen /)

    const products = await allProducts(seller)
    const remera = products.find((p) => p.handle === 'remera')!
    // In the file's order: a.png (60 × 40), b.jpg (30 × 50), the redirect to a.png (60 × 40).
    expect(remera.media.map((m) => [m.width, m.height])).toEqual([
      [60, 40],
      [30, 50],
      [60, 40],
    ])
    expect(remera.media.every((m) => m.url.endsWith('.webp'))).toBe(true)
    expect(products.find((p) => p.handle === 'gorra')!.media).toEqual([])

    // The same file again: the products are updated and no image is fetched or added twice.
    const aHits = hits.get('/a.png')
    const again = await importFile(seller, Buffer.from(csv), 'catalogo.csv')
    expect(again).toMatchObject({ status: 'done', created: 0, updated: 2 })
    expect(hits.get('/a.png')).toBe(aHits)
    const after = (await allProducts(seller)).find((p) => p.handle === 'remera')!
    expect(after.media.map((m) => m.url)).toEqual(remera.media.map((m) => m.url))
  }, 30_000)
})

describe('resuming', () => {
  test('an import a dead process left running is finished by the next process, from its next batch', async () => {
    const seller = await signedInSeller(app)
    // 250 products of one row each: two batches (IMPORT_BATCH_ROWS = 200). The dead process had
    // written the first batch (its progress says so) and died before the second.
    const lines = [HEADER.join(';')]
    for (let i = 1; i <= 250; i++)
      lines.push([`p-${i}`, `Producto ${i}`, '', '', `SKU-${i}`, '10', '', ''].join(';'))
    const { rows } = readRows(lines.join('\n'))
    const hourAgo = new Date(Date.now() - 3_600_000)
    const [dead] = await app.db
      .insert(productImports)
      .values({
        storeId: seller.store._id,
        actorId: seller.user._id,
        status: 'running',
        rows,
        total: 250,
        processed: 200,
        created: 200,
        worker: 'dead-host:1234:abcd',
        heartbeatAt: hourAgo,
        createdAt: hourAgo,
      })
      .returning()
    // An import from before rows were kept, left running: it cannot resume, and says so.
    const [legacy] = await app.db
      .insert(productImports)
      .values({ storeId: seller.store._id, status: 'running', total: 10, createdAt: hourAgo })
      .returning()

    // "The next process": another app on the same database, started after the crash.
    const next = await buildApp({
      env: parseEnv({
        DATA_DIR: app.dataDir,
        SESSION_SECRET: 'x'.repeat(48),
        GEOREF_API_URL: '',
        SCHEDULE_CLOCK_START: TEST_SCHEDULE_CLOCK_START,
      }),
      database: app.database,
    })
    try {
      await next.ready()
      await Promise.all([next.catalogCsvService.settled(), app.catalogCsvService.settled()])
    } finally {
      await next.close()
    }

    expect(await state(seller, dead!.id)).toMatchObject({
      status: 'done',
      processed: 250,
      total: 250,
      created: 250,
      errors: [],
    })
    // Only the unwritten batch was written: products 201 to 250.
    const handles = (await allProducts(seller)).map((p) => p.handle)
    expect(handles).toHaveLength(50)
    expect(handles).toContain('p-201')
    expect(handles).toContain('p-250')
    expect(handles).not.toContain('p-200')

    expect(await state(seller, legacy!.id)).toMatchObject({
      status: 'failed',
      errors: [{ row: 0, field: '', message: expect.stringContaining('Subilo de nuevo') }],
    })
  }, 60_000)
})
