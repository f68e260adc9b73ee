import type { AdminProduct, AdminProductInput } from '@barrio/contracts/admin-products'
import type { CatalogImportError } from '@barrio/contracts/catalog-csv'
import { CATALOG_CSV_COLUMNS } from '@barrio/contracts/catalog-csv'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import type { Storage } from '../../integrations/storage.ts'
import { AppError } from '../../lib/errors.ts'
import { toCsv, type CsvSeparator } from '../../lib/spreadsheet-csv.ts'
import type { AuditService } from '../audit/audit.service.ts'
import { exportRows, groupRows, readRows, type ProductGroup } from './catalog-csv.ts'
import type { CatalogCsvRepository, ProductImportRow } from './catalog-csv.repository.ts'
import { createProductsRepository } from './products.repository.ts'
import { createProductsService } from './products.service.ts'

/** Products read per query by the export (each up to 100 variants). */
const EXPORT_PAGE = 200
/** Rows written per transaction by the import; a product's rows are never split. */
export const IMPORT_BATCH_ROWS = 200

type Seller = { storeId: string; userId: string }

/**
 * The catalogue as a spreadsheet (issue 28, decision 055). The export reads the store's products
 * a page at a time; the import checks every row first, then writes in batches of about
 * IMPORT_BATCH_ROWS rows, each batch in one transaction through the products service (handles,
 * variants, the price audit), in the background of the process that received the file.
 */
export function createCatalogCsvService(deps: {
  db: Db
  repository: CatalogCsvRepository
  storage: Storage
  audit: Pick<AuditService, 'record'>
  log: FastifyBaseLogger
  /** Called after an import wrote something (customers' cached answers of the store). */
  onProductsChanged: (storeId: string) => void
}) {
  const { repository } = deps
  const products = createProductsRepository(deps.db)
  const running = new Set<Promise<void>>()

  async function collectionsByHandle(storeId: string) {
    const rows = await repository.collectionsOfStore(storeId)
    return new Map(rows.map((c) => [c.handle.toLowerCase(), c.id]))
  }
  async function check(storeId: string, file: string) {
    const read = readRows(file)
    if (read.errors.length) return { total: 0, groups: [], errors: read.errors }
    const { groups, errors } = groupRows(read.rows, await collectionsByHandle(storeId))
    return { total: read.rows.length, groups, errors }
  }

  /**
   * The products service bound to a transaction: its reads and writes run in the batch's
   * transaction (its own transactions become savepoints), so a failing batch leaves nothing.
   */
  function productsIn(tx: Db) {
    return createProductsService({
      db: tx,
      repository: createProductsRepository(tx),
      storage: deps.storage,
      audit: deps.audit,
    })
  }

  /** The update of an existing product: the file's columns over what the product holds. */
  function mergeInput(current: AdminProduct, group: ProductGroup): AdminProductInput {
    const { input, columns } = group
    const matched = new Set<string>()
    const variants = input.variants.map((v) => {
      const same =
        (v.sku && current.variants.find((c) => c.sku === v.sku && !matched.has(c._id))) ||
        current.variants.find(
          (c) =>
            !matched.has(c._id) &&
            Object.keys(c.options).length === Object.keys(v.options).length &&
            Object.entries(v.options).every(([k, value]) => c.options[k] === value),
        )
      if (!same) return v
      matched.add(same._id)
      return { ...v, _id: same._id, weight: same.weight }
    })
    // Variants the file does not name are kept: an import never deletes.
    const kept = current.variants
      .filter((c) => !matched.has(c._id))
      .map((c) => ({
        _id: c._id,
        title: c.title,
        sku: c.sku,
        options: c.options,
        price: c.price,
        compareAtPrice: c.compareAtPrice,
        stock: c.stock,
        trackInventory: c.trackInventory,
        weight: c.weight,
        unitMeasure: c.unitMeasure,
      }))
    return {
      title: input.title || current.title,
      handle: group.handle ?? current.handle,
      description: columns.has('description') ? input.description : current.description,
      status: group.rows[0]!.cells.status ? input.status : current.status,
      collectionIds: columns.has('collections') ? input.collectionIds : current.collectionIds,
      tags: current.tags,
      options: input.options,
      variants: [...variants, ...kept],
    }
  }

  /** Writes one batch in one transaction; answers how many products it created and updated. */
  async function writeBatch(seller: Seller, batch: ProductGroup[]) {
    return deps.db.transaction(async (tx) => {
      const q = tx as unknown as Db
      const service = productsIn(q)
      let created = 0
      let updated = 0
      for (const group of batch) {
        const skus = group.input.variants.flatMap((v) => (v.sku ? [v.sku] : []))
        const bySku = [
          ...new Set(
            (await repository.productsBySku(q, seller.storeId, skus)).map((r) => r.productId),
          ),
        ]
        if (bySku.length > 1)
          throw rowError(group, 'sku', 'los SKU de este producto están en productos distintos')
        const [byHandle] = group.handle
          ? await repository.productsByHandle(q, seller.storeId, [group.handle])
          : []
        const productId = bySku[0] ?? byHandle?.id
        try {
          if (productId) {
            const current = await service.get(seller.storeId, productId)
            await service.update(seller.storeId, productId, mergeInput(current, group), {
              actorId: seller.userId,
            })
            updated++
          } else {
            await service.create(seller.storeId, group.input)
            created++
          }
        } catch (err) {
          if (err instanceof AppError) {
            const detail = err.errors?.[0]
            const message = detail?.message ?? err.message
            const text = message.charAt(0).toLowerCase() + message.slice(1)
            throw rowError(group, detail?.name ?? '', text, err)
          }
          throw err
        }
      }
      return { created, updated }
    })
  }

  async function run(seller: Seller, importId: string, groups: ProductGroup[]) {
    const batches: ProductGroup[][] = [[]]
    let rowsInBatch = 0
    for (const group of groups) {
      if (rowsInBatch + group.rows.length > IMPORT_BATCH_ROWS && rowsInBatch > 0) {
        batches.push([])
        rowsInBatch = 0
      }
      batches.at(-1)!.push(group)
      rowsInBatch += group.rows.length
    }
    await repository.updateImport(importId, { status: 'running' })
    let processed = 0
    let created = 0
    let updated = 0
    for (const batch of batches) {
      try {
        const done = await writeBatch(seller, batch)
        processed += batch.reduce((sum, g) => sum + g.rows.length, 0)
        created += done.created
        updated += done.updated
        await repository.updateImport(importId, { processed, created, updated })
        deps.onProductsChanged(seller.storeId)
      } catch (err) {
        const errors: CatalogImportError[] =
          err instanceof ImportRowError
            ? [err.error]
            : [
                {
                  row: batch[0]!.rows[0]!.row,
                  field: '',
                  message: 'No pudimos guardar estas filas.',
                },
              ]
        deps.log.error({ err, importId }, 'catalogue import batch failed')
        await repository.updateImport(importId, {
          status: 'failed',
          errors,
          finishedAt: new Date(),
        })
        return
      }
    }
    await repository.updateImport(importId, { status: 'done', finishedAt: new Date() })
  }

  return {
    /** The whole catalogue, one row per variant (CATALOG_CSV_COLUMNS), read a page at a time. */
    async exportCsv(storeId: string, separator: CsvSeparator) {
      const collections = new Map(
        (await repository.collectionsOfStore(storeId)).map((c) => [c.id, c.handle]),
      )
      const rows: string[][] = []
      let afterId: string | null = null
      for (;;) {
        const page = await repository.productsAfter(storeId, afterId, EXPORT_PAGE)
        if (!page.length) break
        const details = await products.details(page.map((p) => p.id))
        for (const p of page) {
          const collectionHandles = details.memberships
            .filter((m) => m.productId === p.id)
            .flatMap((m) => collections.get(m.collectionId) ?? [])
          rows.push(
            ...exportRows(
              {
                ...p,
                collectionHandles,
                imageUrls: details.media.filter((m) => m.productId === p.id).map((m) => m.url),
                variants: details.variants.filter((v) => v.productId === p.id),
              },
              separator,
            ),
          )
        }
        afterId = page.at(-1)!.id
      }
      return toCsv([...CATALOG_CSV_COLUMNS], rows, separator)
    },

    /** Checks every row; writes nothing. */
    async validate(storeId: string, file: string) {
      const { total, errors } = await check(storeId, file)
      return { total, errors }
    },

    /**
     * Starts an import: its row is written (status `validating`) and the rows are checked and
     * written in the background; errors in any row fail it before anything is written.
     */
    async start(seller: Seller, file: string) {
      const row = await repository.createImport({
        storeId: seller.storeId,
        actorId: seller.userId,
      })
      const job = (async () => {
        const { total, groups, errors } = await check(seller.storeId, file)
        await repository.updateImport(row.id, { total })
        if (errors.length) {
          await repository.updateImport(row.id, {
            status: 'failed',
            errors,
            finishedAt: new Date(),
          })
          return
        }
        await run(seller, row.id, groups)
      })()
        .catch(async (err: unknown) => {
          deps.log.error({ err, importId: row.id }, 'catalogue import failed')
          await repository
            .updateImport(row.id, {
              status: 'failed',
              errors: [{ row: 0, field: '', message: 'La importación falló. Probá de nuevo.' }],
              finishedAt: new Date(),
            })
            .catch(() => {})
        })
        .finally(() => running.delete(job))
      running.add(job)
      return { importId: row.id }
    },

    async get(storeId: string, importId: string) {
      const row = await repository.findImport(storeId, importId)
      if (!row) throw new AppError('NOT_FOUND', 'No encontramos esa importación en este comercio.')
      return toImportDto(row)
    },

    /** Imports still running, for a graceful close (and tests) to wait for. */
    settled: () => Promise.all([...running]).then(() => undefined),
  }
}
export type CatalogCsvService = ReturnType<typeof createCatalogCsvService>

class ImportRowError extends Error {
  constructor(
    readonly error: CatalogImportError,
    cause?: unknown,
  ) {
    super(error.message, { cause })
  }
}
function rowError(group: ProductGroup, field: string, message: string, cause?: unknown) {
  const row = group.rows[0]!.row
  return new ImportRowError({ row, field, message: `Fila ${row}: ${message}` }, cause)
}

function toImportDto(row: ProductImportRow) {
  return {
    _id: row.id,
    status: row.status,
    processed: row.processed,
    total: row.total,
    created: row.created,
    updated: row.updated,
    errors: row.errors,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }
}
