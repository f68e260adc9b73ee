import {
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

const tags = ['admin: catalogue spreadsheet']
/** A catalogue of 5,000 rows is about 1–2 MB. */
const MAX_FILE_BYTES = 10 * 1024 * 1024
const importQuery = z.object({
  dryRun: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
})

const invalidFile = (message: string, cause?: unknown) =>
  new AppError('INVALID', message, { errors: [{ name: 'file', message }], cause })

/** The multipart field `file` (a CSV) as text, and `dryRun` when sent as a field. */
async function readCsvUpload(request: FastifyRequest) {
  if (!request.isMultipart())
    throw new AppError('BAD_REQUEST', 'Enviá el CSV como multipart/form-data en el campo "file".')
  let text: string | null = null
  let dryRun = false
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_FILE_BYTES, files: 1 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'dryRun') dryRun = String(part.value) === 'true'
        continue
      }
      if (part.fieldname !== 'file') {
        part.file.resume()
        continue
      }
      if (/\.xlsx?$/i.test(part.filename))
        throw invalidFile('Guardá la planilla como CSV (Archivo → Guardar como → CSV) y subila.')
      text = (await part.toBuffer()).toString('utf8')
    }
  } catch (err) {
    if (err instanceof AppError) throw err
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw invalidFile('El archivo supera los 10 MB.', err)
    throw invalidFile('No pudimos leer el archivo. Probá de nuevo.', err)
  }
  if (text === null) throw invalidFile('Elegí un archivo CSV.')
  return { text, dryRun }
}

/**
 * The catalogue as a spreadsheet (issue 28, decision 055), registered without a prefix:
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
          'Multipart field `file` (CSV); `dryRun=true` (query or field) answers the row errors only.',
        querystring: importQuery,
        response: {
          200: catalogImportDryRunSchema,
          202: catalogImportStartedSchema,
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const upload = await readCsvUpload(request)
      if (request.query.dryRun || upload.dryRun)
        return app.catalogCsvService.validate(request.store!.id, upload.text)
      const started = await app.catalogCsvService.start(
        { storeId: request.store!.id, userId: request.user!.id },
        upload.text,
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
