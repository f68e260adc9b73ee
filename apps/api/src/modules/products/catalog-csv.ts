/**
 * The catalogue as a spreadsheet (issue 28, decision 055): rows written for the export and rows
 * read back for the import. Pure functions; the service reads and writes the database.
 */
import {
  adminProductInputSchema,
  PRODUCT_STATUSES,
  PRODUCT_STATUS_LABELS,
  type AdminProductInput,
} from '@barrio/contracts/admin-products'
import {
  CATALOG_CSV_COLUMNS,
  type CatalogCsvColumn,
  type CatalogImportError,
  type CatalogImportRow,
} from '@barrio/contracts/catalog-csv'
import { MAX_PRICE_CENTS } from '@barrio/contracts/constants'
import { MEASURE_UNITS } from '@barrio/contracts/legal-prices'
import { slugify } from '@barrio/contracts/slug'
import { csvMoney, type CsvSeparator } from '../../lib/spreadsheet-csv.ts'

// ---------------------------------------------------------------------------------------------
// Export

export type ExportProduct = {
  handle: string
  title: string
  description: string
  status: string
  options: string[]
  collectionHandles: string[]
  imageUrls: string[]
  variants: Array<{
    title: string
    optionValues: Record<string, string>
    sku: string | null
    priceCents: number
    compareAtPriceCents: number | null
    stockQuantity: number
    trackStock: boolean
    unitMeasure: { unit: string; quantity: number } | null
  }>
}

/** Pesos as the separator's spreadsheet reads numbers: "1234,50" with `;`, "1234.50" with `,`. */
export function pesos(centavos: number | null, separator: CsvSeparator): string {
  const text = csvMoney(centavos)
  return separator === ',' ? text.replace(',', '.') : text
}
const decimal = (n: number, separator: CsvSeparator) =>
  separator === ',' ? String(n) : String(n).replace('.', ',')

/** The variant's title when the seller gave it one, blank when it is the options' default. */
function customTitle(options: string[], v: ExportProduct['variants'][number]) {
  const fallback = options.map((o) => v.optionValues[o]).join(' / ') || 'Predeterminado'
  return v.title === fallback ? '' : v.title
}

/** One row per variant, in CATALOG_CSV_COLUMNS order. A variant without stock control: blank stock. */
export function exportRows(product: ExportProduct, separator: CsvSeparator): string[][] {
  return product.variants.map((v) => {
    const option = (i: number) => {
      const name = product.options[i]
      return name ? [name, v.optionValues[name] ?? ''] : ['', '']
    }
    return [
      product.handle,
      product.title,
      product.description,
      product.status,
      product.collectionHandles.join('|'),
      ...option(0),
      ...option(1),
      ...option(2),
      customTitle(product.options, v),
      v.sku ?? '',
      // Barrio keeps no barcode yet (decision 055): the column is there for spreadsheets that do.
      '',
      pesos(v.priceCents, separator),
      pesos(v.compareAtPriceCents, separator),
      v.trackStock ? String(v.stockQuantity) : '',
      v.unitMeasure?.unit ?? '',
      v.unitMeasure ? decimal(v.unitMeasure.quantity, separator) : '',
      product.imageUrls.join('|'),
    ]
  })
}

// ---------------------------------------------------------------------------------------------
// Reading a file

/**
 * RFC 4180 fields: quotes around a field hold separators, quotes ("") and line breaks. The
 * separator is the header line's: `;` when it has one, else `,`. A leading BOM is dropped.
 */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '')
  const firstLine = body.slice(0, body.search(/\r?\n|$/))
  const separator = firstLine.includes(';') ? ';' : ','
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"' && field === '') quoted = true
    else if (c === separator) {
      row.push(field)
      field = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else field += c
  }
  if (field !== '' || row.length) {
    row.push(field)
    rows.push(row)
  }
  return rows
}

/** What the export's formula guard added ("'-5" was "-5"), taken off again. */
const unguard = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell)

/**
 * Pesos as people type them into centavos: "1.234,50" and "1234,50" (es-AR), "1234.50" and
 * "1,234.50", "$ 1234". A dot followed by exactly three digits is a thousands separator
 * ("1.500" is $ 1.500). Null when the text is no amount.
 */
export function parsePesos(text: string): number | null {
  const t = text.replace(/[$\s]/g, '')
  let whole: string
  let cents = ''
  let m: RegExpMatchArray | null
  if ((m = t.match(/^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/))) {
    whole = m[1]!.replaceAll('.', '')
    cents = m[2] ?? ''
  } else if ((m = t.match(/^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/))) {
    whole = m[1]!.replaceAll(',', '')
    cents = m[2] ?? ''
  } else return null
  const value = Number(whole) * 100 + Number(cents.padEnd(2, '0') || '0')
  return Number.isSafeInteger(value) ? value : null
}

function parseQuantity(text: string): number | null {
  const t = text.trim().replace(',', '.')
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : null
}

const STATUS_BY_WORD: Record<string, (typeof PRODUCT_STATUSES)[number]> = Object.fromEntries([
  ...PRODUCT_STATUSES.map((s) => [s, s]),
  ...PRODUCT_STATUSES.map((s) => [PRODUCT_STATUS_LABELS[s].toLowerCase(), s]),
])

/** One data row with its spreadsheet row number (the header is row 1). */
export type CsvRow = CatalogImportRow

/** Data rows one file may hold (a catalogue of 5,000 rows is the measured case, bench/README). */
export const MAX_IMPORT_ROWS = 20_000

/** The CSV's rows by column name (readTable). */
export const readRows = (text: string) => readTable(parseCsv(text))

/**
 * A sheet's rows (CSV or .xlsx, as text cells; the first is the header) by column name; unknown
 * columns are ignored, blank rows skipped.
 */
export function readTable(table: string[][]): { rows: CsvRow[]; errors: CatalogImportError[] } {
  const [header, ...lines] = table
  const names = (header ?? []).map((h) => h.trim().toLowerCase())
  const missing = (['price'] as const).filter((c) => !names.includes(c))
  if (!names.includes('handle') && !names.includes('title')) missing.unshift('title' as never)
  if (missing.length)
    return {
      rows: [],
      errors: missing.map((field) => ({
        row: 1,
        field,
        message: `Fila 1: falta la columna "${field}" (descargá el CSV del catálogo para ver el formato)`,
      })),
    }
  if (lines.length > MAX_IMPORT_ROWS)
    return {
      rows: [],
      errors: [
        {
          row: MAX_IMPORT_ROWS + 2,
          field: '',
          message: `Fila ${MAX_IMPORT_ROWS + 2}: el archivo tiene más de ${MAX_IMPORT_ROWS.toLocaleString('es-AR')} filas; dividilo en varios`,
        },
      ],
    }
  const rows: CsvRow[] = []
  lines.forEach((cells, i) => {
    if (cells.every((c) => c.trim() === '')) return
    const row: CsvRow = { row: i + 2, cells: {} }
    names.forEach((name, col) => {
      if ((CATALOG_CSV_COLUMNS as readonly string[]).includes(name))
        row.cells[name as CatalogCsvColumn] = unguard(cells[col] ?? '').trim()
    })
    rows.push(row)
  })
  return { rows, errors: [] }
}

/** The rows of one product, ready for the products service once collections are known. */
export type ProductGroup = {
  key: string
  /** The handle the file gives (null: taken from the title for a new product). */
  handle: string | null
  rows: CsvRow[]
  /** Columns the file has, so that an update leaves the others as they were. */
  columns: Set<CatalogCsvColumn>
  input: AdminProductInput
}

const FIELD_OF_VARIANT_KEY: Record<string, CatalogCsvColumn> = {
  price: 'price',
  compareAtPrice: 'compare_at_price',
  sku: 'sku',
  stock: 'stock',
  unitMeasure: 'unit_quantity',
  title: 'variant_title',
  options: 'option1_value',
}

/**
 * Checks every row and gathers the rows of each product (by handle, else by the title's slug).
 * `collections` maps the store's collection handles to ids. Errors name the row and column.
 */
export function groupRows(
  rows: CsvRow[],
  collections: Map<string, string>,
): { groups: ProductGroup[]; errors: CatalogImportError[] } {
  const errors: CatalogImportError[] = []
  const fail = (row: number, field: string, message: string) =>
    errors.push({ row, field, message: `Fila ${row}: ${message}` })
  const byKey = new Map<string, CsvRow[]>()
  for (const r of rows) {
    const key = (r.cells.handle || slugify(r.cells.title ?? '')).toLowerCase()
    if (!key) {
      fail(r.row, 'title', 'falta el título o el identificador (handle)')
      continue
    }
    byKey.set(key, [...(byKey.get(key) ?? []), r])
  }

  const groups: ProductGroup[] = []
  const skuRow = new Map<string, { key: string; row: number }>()
  for (const [key, group] of byKey) {
    const first = group[0]!
    const c = first.cells
    const columns = new Set(Object.keys(c) as CatalogCsvColumn[])
    const status = c.status ? STATUS_BY_WORD[c.status.toLowerCase()] : 'draft'
    if (!status)
      fail(
        first.row,
        'status',
        `el estado "${c.status}" no es válido (usá active, draft o archived)`,
      )
    const collectionIds: string[] = []
    for (const handle of (c.collections ?? '')
      .split('|')
      .map((h) => h.trim())
      .filter(Boolean)) {
      const id = collections.get(handle.toLowerCase())
      if (id) collectionIds.push(id)
      else fail(first.row, 'collections', `la colección "${handle}" no existe en este comercio`)
    }
    const options = [1, 2, 3]
      .map((n) => c[`option${n}_name` as CatalogCsvColumn] ?? '')
      .filter(Boolean)
    const combos = new Set<string>()
    const variants = group.map((r) => {
      const v = r.cells
      for (const n of [1, 2, 3]) {
        const name = v[`option${n}_name` as CatalogCsvColumn] ?? ''
        if (name && name !== options[n - 1])
          fail(
            r.row,
            `option${n}_name`,
            `las opciones deben ser las mismas en cada fila de "${key}"`,
          )
      }
      const values = Object.fromEntries(
        options.map((o, i) => [o, v[`option${i + 1}_value` as CatalogCsvColumn] ?? '']),
      )
      options.forEach((o, i) => {
        if (!values[o]) fail(r.row, `option${i + 1}_value`, `falta el valor de "${o}"`)
      })
      const combo = options.map((o) => values[o]).join('|')
      if (options.length && combos.has(combo))
        fail(r.row, 'option1_value', `la combinación "${combo}" está repetida en "${key}"`)
      combos.add(combo)

      const price = parsePesos(v.price ?? '')
      if (!v.price) fail(r.row, 'price', 'falta el precio')
      else if (price === null || price > MAX_PRICE_CENTS)
        fail(r.row, 'price', `el precio "${v.price}" no es válido (ej.: 1.234,50)`)
      const compareAt = v.compare_at_price ? parsePesos(v.compare_at_price) : null
      if (v.compare_at_price && (compareAt === null || compareAt > MAX_PRICE_CENTS))
        fail(r.row, 'compare_at_price', `el precio de lista "${v.compare_at_price}" no es válido`)
      else if (compareAt !== null && price !== null && compareAt <= price)
        fail(r.row, 'compare_at_price', 'el precio de lista debe ser mayor que el precio')
      const stock = v.stock ? Number(v.stock) : 0
      if (v.stock && (!/^\d+$/.test(v.stock) || stock > 1_000_000))
        fail(r.row, 'stock', `el stock "${v.stock}" no es válido (un número entero, 0 o más)`)
      let unitMeasure: AdminProductInput['variants'][number]['unitMeasure'] = null
      if (v.unit || v.unit_quantity) {
        const unit = (v.unit ?? '').toLowerCase()
        const quantity = parseQuantity(v.unit_quantity ?? '')
        if (!(MEASURE_UNITS as readonly string[]).includes(unit))
          fail(r.row, 'unit', `la unidad "${v.unit ?? ''}" no es válida (kg, g, l, ml, m o unit)`)
        else if (quantity === null || quantity <= 0)
          fail(r.row, 'unit_quantity', `la cantidad "${v.unit_quantity ?? ''}" no es válida`)
        else unitMeasure = { unit: unit as (typeof MEASURE_UNITS)[number], quantity }
      }
      if (v.sku) {
        const seen = skuRow.get(v.sku)
        if (seen) fail(r.row, 'sku', `el SKU "${v.sku}" ya está en la fila ${seen.row}`)
        else skuRow.set(v.sku, { key, row: r.row })
      }
      return {
        title: v.variant_title ?? '',
        sku: v.sku || null,
        options: values,
        price: price ?? 0,
        compareAtPrice: compareAt,
        stock,
        trackInventory: Boolean(v.stock),
        unitMeasure,
      }
    })
    const candidate = {
      title: c.title ?? '',
      ...(c.handle ? { handle: c.handle } : {}),
      description: c.description ?? '',
      status: status ?? 'draft',
      collectionIds,
      options,
      variants,
    }
    // The contract's own checks (lengths, handle format, limits), named by row and column.
    const parsed = adminProductInputSchema.safeParse(candidate)
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [top, index, field] = issue.path
        const onVariant = top === 'variants' && typeof index === 'number'
        const row = onVariant ? (group[index]?.row ?? first.row) : first.row
        const column = onVariant ? (FIELD_OF_VARIANT_KEY[String(field)] ?? 'price') : String(top)
        // Already reported above in words of the file.
        if (errors.some((e) => e.row === row && e.field === column)) continue
        fail(row, column, issue.message.charAt(0).toLowerCase() + issue.message.slice(1))
      }
      continue
    }
    groups.push({ key, handle: c.handle || null, rows: group, columns, input: parsed.data })
  }
  errors.sort((a, b) => a.row - b.row)
  return { groups, errors }
}
