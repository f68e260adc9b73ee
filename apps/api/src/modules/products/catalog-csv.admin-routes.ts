import {
  CATALOG_IMPORT_MAX_BYTES,
  catalogExportQuerySchema,
  catalogImportDryRunSchema,
  catalogImportSchema,
  catalogImportStartedSchema,
} from '@barrio/contracts/catalog-csv'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../lib/errors.ts'
import { errorResponses } from '../../lib/route-schemas.ts'
import { looksLikeZip, readXlsx, UnreadableSpreadsheet } from '../../lib/spreadsheet-xlsx.ts'
import { parseCsv } from './catalog-csv.ts'

const tags = ['admin: catalogue spreadsheet']
const importQuery = z.object({
  dryRun: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
})

const invalidFile = (message: string, cause?: unknown) =>
  new AppError('INVALID', message, { errors: [{ name: 'file', message }], cause })

/** Excel 97–2003 (.xls) and other OLE2 files start with D0 CF 11 E0. */
const isOle2 = (data: Buffer) => data.length >= 4 && data.readUInt32BE(0) === 0xd0cf11e0

/** The multipart field `file` (a CSV or .xlsx) as bytes, and `dryRun` when sent as a field. */
async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart())
    throw new AppError(
      'BAD_REQUEST',
      'Enviá el archivo como multipart/form-data en el campo "file".',
    )
  let file: { name: string; data: Buffer } | null = null
  let dryRun = false
  try {
    for await (const part of request.parts({
      limits: { fileSize: CATALOG_IMPORT_MAX_BYTES, files: 1 },
    })) {
      if (part.type === 'field') {
        if (part.fieldname === 'dryRun') dryRun = String(part.value) === 'true'
        continue
      }
      if (part.fieldname !== 'file') {
        part.file.resume()
        continue
      }
      file = { name: part.filename, data: await part.toBuffer() }
    }
  } catch (err) {
    if (err instanceof AppError) throw err
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw invalidFile('El archivo supera los 10 MB.', err)
    throw invalidFile('No pudimos leer el archivo. Probá de nuevo.', err)
  }
  if (file === null) throw invalidFile('Elegí un archivo CSV o Excel (.xlsx).')
  return { file, dryRun }
}

/**
 * The sheet as text cells: an .xlsx (a zip, whatever its name) through exceljs, its first sheet;
 * anything else as a UTF-8 CSV. A damaged or unknown workbook is a Spanish 400, never a 500.
 */
async function readSheet(file: { name: string; data: Buffer }): Promise<string[][]> {
  if (isOle2(file.data) || /\.xls$/i.test(file.name))
    throw invalidFile(
      'Los archivos .xls (Excel 97–2003) no se leen: guardá la planilla como .xlsx o CSV y subila.',
    )
  if (looksLikeZip(file.data) || /\.xlsx$/i.test(file.name)) {
    try {
      return await readXlsx(file.data)
    } catch (err) {
      if (!(err instanceof UnreadableSpreadsheet)) throw err
      throw invalidFile(
        'No pudimos leer la planilla: el archivo .xlsx está dañado o no es de Excel. Guardala de nuevo (o como CSV) y subila.',
        err,
      )
    }
  }
  return parseCsv(file.data.toString('utf8'))
}

/**
 * The catalogue as a spreadsheet (issue 28, decisions 055 and 057), registered without a prefix:
 * GET /admin/products/export.csv (`products`: staff may read prices), POST /admin/products/import
 * and GET /admin/imports/{id} (`prices`: an import creates products and sets prices).
 */
export const adminCatalogCsvRoutes: FastifyPluginAsyncZod = async function adminCatalogCsvRoutes(
  app,
) {
  app.get(
    '/products/export.csv',
    {
      config: { permission: 'products' },
      schema: {
        tags,
        description:
          'One row per variant, UTF-8 with BOM; `separator=semicolon` (default, "1234,50") or `comma` ("1234.50").',
        querystring: catalogExportQuerySchema,
        response: { 200: z.string(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const separator = request.query.separator === 'comma' ? ',' : ';'
      const csv = await app.catalogCsvService.exportCsv(request.store!.id, separator)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="catalogo.csv"')
        .header('cache-control', 'no-store')
        .send(csv)
    },
  )
  app.post(
    '/products/import',
    {
      config: { permission: 'prices' },
      schema: {
        tags,
        description:
          'Multipart field `file` (CSV, or .xlsx: its first sheet); `dryRun=true` (query or field) answers the row errors only.',
        querystring: importQuery,
        response: {
          200: catalogImportDryRunSchema,
          202: catalogImportStartedSchema,
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request)
      const table = await readSheet(upload.file)
      if (request.query.dryRun || upload.dryRun)
        return app.catalogCsvService.validate(request.store!.id, table)
      const started = await app.catalogCsvService.start(
        { storeId: request.store!.id, userId: request.user!.id },
        table,
      )
      request.log.info({ storeId: request.store!.id, ...started }, 'catalogue import started')
      return reply.status(202).send(started)
    },
  )
  app.get(
    '/imports/:id',
    {
      config: { permission: 'prices' },
      schema: {
        tags,
        params: z.object({ id: z.uuid({ error: 'El id de la importación no es válido' }) }),
        response: { 200: catalogImportSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => app.catalogCsvService.get(request.store!.id, request.params.id),
  )
}
