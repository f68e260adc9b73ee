import { z } from 'zod'

/**
 * The catalogue as a spreadsheet (issue 28, decision 055): one row per variant, these columns in
 * this order. Rows of one product share its handle; the product's fields are read from its first
 * row. Several values in one cell (collections, images) are joined by `|`.
 */
export const CATALOG_CSV_COLUMNS = [
  'handle',
  'title',
  'description',
  'status',
  'collections',
  'option1_name',
  'option1_value',
  'option2_name',
  'option2_value',
  'option3_name',
  'option3_value',
  'variant_title',
  'sku',
  'barcode',
  'price',
  'compare_at_price',
  'stock',
  'unit',
  'unit_quantity',
  'images',
] as const
export type CatalogCsvColumn = (typeof CATALOG_CSV_COLUMNS)[number]

/** `semicolon` (the default of Excel in es-AR: "1234,50") or `comma` ("1234.50"). */
export const catalogExportQuerySchema = z.object({
  separator: z.enum(['semicolon', 'comma']).default('semicolon'),
})

/** One problem of the file: its spreadsheet row (the header is row 1), the column and why. */
export const catalogImportErrorSchema = z.object({
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
})
export type CatalogImportError = z.infer<typeof catalogImportErrorSchema>

/** One data row of a file as read (CSV or .xlsx): its spreadsheet row number and cells by column. */
export type CatalogImportRow = { row: number; cells: Partial<Record<CatalogCsvColumn, string>> }

/** Largest file the import takes (CSV or .xlsx); a catalogue of 5,000 rows is about 1–2 MB. */
export const CATALOG_IMPORT_MAX_BYTES = 10 * 1024 * 1024
/** File types the import reads (decision 057): CSV and Excel's .xlsx (first sheet). */
export const CATALOG_IMPORT_ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** `dryRun`: the rows are checked and nothing is written. */
export const catalogImportDryRunSchema = z.object({
  total: z.number().int(),
  errors: z.array(catalogImportErrorSchema),
})
export const catalogImportStartedSchema = z.object({ importId: z.string() })

export const CATALOG_IMPORT_STATUSES = ['validating', 'running', 'done', 'failed'] as const
export type CatalogImportStatus = (typeof CATALOG_IMPORT_STATUSES)[number]

/**
 * GET /admin/imports/{id}: how far an import went; `processed` and `total` count rows, `images`
 * the image URLs fetched (or skipped, or refused: those are in `errors`) in the background.
 */
export const catalogImportSchema = z.object({
  _id: z.string(),
  status: z.enum(CATALOG_IMPORT_STATUSES),
  processed: z.number().int(),
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(catalogImportErrorSchema),
  images: z.object({ total: z.number().int(), done: z.number().int() }),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
})
export type CatalogImport = z.infer<typeof catalogImportSchema>
