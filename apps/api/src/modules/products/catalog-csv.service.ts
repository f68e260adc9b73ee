import { randomUUID } from 'node:crypto'
import os from 'node:os'
import type { AdminProduct, AdminProductInput } from '@barrio/contracts/admin-products'
import type { CatalogImportError } from '@barrio/contracts/catalog-csv'
import { CATALOG_CSV_COLUMNS } from '@barrio/contracts/catalog-csv'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import type { Storage } from '../../integrations/storage.ts'
import { AppError } from '../../lib/errors.ts'
import { fetchRemoteImage, RemoteImageError } from '../../lib/remote-image.ts'
import { toCsv, type CsvSeparator } from '../../lib/spreadsheet-csv.ts'
import type { AuditService } from '../audit/audit.service.ts'
import { MAX_IMAGE_BYTES, processImage, sniffImage } from '../media/image-pipeline.ts'
import { exportRows, groupRows, readTable, type CsvRow, type ProductGroup } from './catalog-csv.ts'
import type { CatalogCsvRepository, ProductImportRow } from './catalog-csv.repository.ts'
import { createProductsRepository } from './products.repository.ts'
import { createProductsService } from './products.service.ts'

/** Products read per query by the export (each up to 100 variants). */
const EXPORT_PAGE = 200
/** Rows written per transaction by the import; a product's rows are never split. */
export const IMPORT_BATCH_ROWS = 200
/** Image URLs fetched at once by one process's imports; one product's, one after the other. */
const IMAGE_CONCURRENCY = 3
/** Image URLs taken per product; more are reported in the import's errors. */
export const MAX_IMPORT_IMAGES_PER_PRODUCT = 10

type Seller = { storeId: string; userId: string | undefined }

/** Another process took the import over (this one's heartbeat went stale): stop quietly. */
class LostClaim extends Error {}
/** The app is closing: stop after the current batch and hand the import to the next process. */
class Stopping extends Error {}

/** The image URLs of a product's rows (`images`, joined by `|`), each once, in order. */
export function imageUrlsOf(group: ProductGroup): string[] {
  const urls = group.rows.flatMap((r) =>
    (r.cells.images ?? '')
      .split('|')
      .map((u) => u.trim())
      .filter(Boolean),
  )
  return [...new Set(urls)]
}

/** Packs products into batches of about IMPORT_BATCH_ROWS rows; a product's rows never split. */
export function packBatches(groups: ProductGroup[]): ProductGroup[][] {
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
  return batches.filter((b) => b.length)
}

/**
 * The catalogue as a spreadsheet (issue 28, decisions 055 and 057). The export reads the store's
 * products a page at a time; the import checks every row first, then writes in batches of about
 * IMPORT_BATCH_ROWS rows, each batch in one transaction through the products service (handles,
 * variants, the price audit) together with the import's progress, in the background of the
 * process that received the file. That process keeps a heartbeat on the import's row; an import
 * whose heartbeat went stale (its process died) is claimed by another and resumed from its next
 * unwritten batch. Image URLs are fetched after their product is written, a few at a time.
 */
export function createCatalogCsvService(deps: {
  db: Db
  repository: CatalogCsvRepository
  storage: Storage
  audit: Pick<AuditService, 'record'>
  log: FastifyBaseLogger
  /** Called after an import wrote something (customers' cached answers of the store). */
  onProductsChanged: (storeId: string) => void
  /** Fetching image URLs: addresses allowed although private, and the time one URL may take. */
  images: { allowedAddresses: readonly string[]; timeoutMs: number }
  /** This process's name on the imports it runs (default: host, pid and a random part). */
  worker?: string
  /** How often a running import says it is alive, and after how long silence it is resumed. */
  heartbeatMs?: number
  staleMs?: number
}) {
  const { repository } = deps
  const products = createProductsRepository(deps.db)
  const running = new Set<Promise<void>>()
  const worker = deps.worker ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
  const heartbeatMs = deps.heartbeatMs ?? 10_000
  const staleMs = deps.staleMs ?? 60_000
  let stopping = false

  async function collectionsByHandle(storeId: string) {
    const rows = await repository.collectionsOfStore(storeId)
    return new Map(rows.map((c) => [c.handle.toLowerCase(), c.id]))
  }
  async function check(storeId: string, rows: CsvRow[]) {
    return groupRows(rows, await collectionsByHandle(storeId))
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

  /**
   * Writes one batch in one transaction, with the import's progress after it (so a resume never
   * counts a batch twice); answers the product each group became.
   */
  async function writeBatch(
    seller: Seller,
    batch: ProductGroup[],
    progress: { importId: string; processed: number; created: number; updated: number },
  ) {
    return deps.db.transaction(async (tx) => {
      const q = tx as unknown as Db
      const service = productsIn(q)
      let created = 0
      let updated = 0
      const written: Array<{ group: ProductGroup; productId: string }> = []
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
              ...(seller.userId ? { actorId: seller.userId } : {}),
            })
            updated++
            written.push({ group, productId })
          } else {
            const product = await service.create(seller.storeId, group.input)
            created++
            written.push({ group, productId: product._id })
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
      const counts = {
        processed: progress.processed + batch.reduce((sum, g) => sum + g.rows.length, 0),
        created: progress.created + created,
        updated: progress.updated + updated,
      }
      if (!(await repository.recordBatch(q, progress.importId, worker, counts)))
        throw new LostClaim()
      return { ...counts, written }
    })
  }

  // -------------------------------------------------------------------------------------------
  // Images by URL (decision 057)

  /** A few image fetches at a time across this process's imports. */
  let activeFetches = 0
  const waiting: Array<() => void> = []
  async function withFetchSlot<T>(task: () => Promise<T>): Promise<T> {
    if (activeFetches >= IMAGE_CONCURRENCY) await new Promise<void>((r) => waiting.push(r))
    activeFetches++
    try {
      return await task()
    } finally {
      activeFetches--
      waiting.shift()?.()
    }
  }

  /** Why one image could not be added, as the end of "no pudimos agregar la imagen …: ". */
  function imageFailure(err: unknown): string {
    if (err instanceof RemoteImageError) return err.message
    if (err instanceof AppError) return err.message.replace(/^"[^"]*" /, 'la imagen ')
    return 'no pudimos guardarla'
  }

  /**
   * Fetches a product's image URLs one after the other and adds each as its next photo, with the
   * upload's checks (type from the bytes, size, pixels) and renditions. URLs it already has (as
   * the photo's address, or as the address an import took it from) are skipped, so an import run
   * again, or resumed, adds nothing twice. A failure is the row's error, never the import's.
   */
  async function attachImages(
    importId: string,
    storeId: string,
    productId: string,
    group: ProductGroup,
    known: Set<string>,
  ) {
    const row = group.rows[0]!.row
    const urls = imageUrlsOf(group)
    const errors: CatalogImportError[] = []
    const fail = (message: string) => {
      const text = `Fila ${row}: ${message}`
      if (!known.has(text)) errors.push({ row, field: 'images', message: text })
      known.add(text)
    }
    const current = await repository.mediaSources(storeId, productId)
    const attached = new Set(current?.media.flatMap((m) => [m.url, m.sourceUrl ?? '']) ?? [])
    let added = 0
    for (const [i, url] of urls.entries()) {
      if (stopping) break
      try {
        if (!current || attached.has(url)) continue
        if (i >= MAX_IMPORT_IMAGES_PER_PRODUCT) {
          fail(
            `la imagen ${url} no se agregó: se toman hasta ${MAX_IMPORT_IMAGES_PER_PRODUCT} por producto`,
          )
          continue
        }
        const data = await withFetchSlot(() =>
          fetchRemoteImage(url, { ...deps.images, maxBytes: MAX_IMAGE_BYTES }),
        )
        if (!sniffImage(data.subarray(0, 12)))
          throw new RemoteImageError('no es una imagen JPEG, PNG o WebP')
        const filename = decodeURIComponent(new URL(url).pathname.split('/').pop() || 'imagen')
        const image = await processImage(deps.storage, `products/${productId}`, { filename, data })
        try {
          await repository.appendMedia({
            id: image.id,
            productId,
            url: image.main.url,
            thumbUrl: image.thumb.url,
            storageKeys: image.keys,
            alt: current.title,
            width: image.main.width,
            height: image.main.height,
            sourceUrl: url,
          })
        } catch (err) {
          await deps.storage.remove(image.keys).catch(() => {})
          throw err
        }
        attached.add(url)
        added++
      } catch (err) {
        deps.log.warn({ err, importId, url }, 'catalogue import image refused')
        fail(`no pudimos agregar la imagen ${url}: ${imageFailure(err)}`)
      } finally {
        await repository.countImageDone(importId).catch(() => {})
      }
    }
    await repository.appendErrors(importId, errors)
    if (added) deps.onProductsChanged(storeId)
  }

  // -------------------------------------------------------------------------------------------
  // Running an import (started here, or resumed after its process stopped)

  async function fail(importId: string, errors: CatalogImportError[]) {
    await repository.updateImport(importId, { status: 'failed', errors, finishedAt: new Date() })
  }

  async function execute(row: ProductImportRow) {
    const importId = row.id
    if (!row.rows) {
      await fail(importId, [
        {
          row: 0,
          field: '',
          message:
            'La importación se interrumpió antes de guardar las filas del archivo. Subilo de nuevo.',
        },
      ])
      return
    }
    const seller: Seller = { storeId: row.storeId, userId: row.actorId ?? undefined }
    const { groups, errors } = await check(row.storeId, row.rows)
    if (errors.length) {
      await fail(importId, errors)
      return
    }
    const imagesTotal = groups.reduce((sum, g) => sum + imageUrlsOf(g).length, 0)
    await repository.updateImport(importId, { status: 'running', imagesTotal, imagesDone: 0 })

    // Errors already reported (a resumed import's images are tried again): never twice.
    const known = new Set(row.errors.map((e) => e.message))
    const imageJobs: Array<Promise<void>> = []
    const queueImages = (written: Array<{ group: ProductGroup; productId: string }>) => {
      for (const { group, productId } of written) {
        const urls = imageUrlsOf(group)
        if (!urls.length) continue
        imageJobs.push(
          attachImages(importId, row.storeId, productId, group, known).catch((err: unknown) =>
            deps.log.error({ err, importId }, 'catalogue import images failed'),
          ),
        )
      }
    }

    let progress = {
      importId,
      processed: row.processed,
      created: row.created,
      updated: row.updated,
    }
    let rowsBefore = 0
    let failure: CatalogImportError[] | null = null
    for (const batch of packBatches(groups)) {
      const rows = batch.reduce((sum, g) => sum + g.rows.length, 0)
      if (rowsBefore + rows <= row.processed) {
        // Written before this process took the import over: only its images may be missing.
        rowsBefore += rows
        const written = []
        for (const group of batch) {
          if (!imageUrlsOf(group).length) continue
          const productId = await findWritten(row.storeId, group)
          if (productId) written.push({ group, productId })
        }
        queueImages(written)
        continue
      }
      if (stopping) throw new Stopping()
      // Lets the queries that waited for this process's connection run between two batches: on
      // PGlite (one connection) the progress the seller polls would otherwise wait for the whole
      // import (decision 057, bench/README.md).
      await new Promise((resolve) => setTimeout(resolve, 0))
      try {
        const done = await writeBatch(seller, batch, progress)
        rowsBefore += rows
        progress = {
          importId,
          processed: done.processed,
          created: done.created,
          updated: done.updated,
        }
        deps.onProductsChanged(row.storeId)
        queueImages(done.written)
      } catch (err) {
        if (err instanceof LostClaim) throw err
        failure =
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
        break
      }
    }
    await Promise.all(imageJobs)
    if (stopping) throw new Stopping()
    if (failure) {
      // Image errors of the batches written before the failure stay, after the batch's error.
      const current = await repository.findImport(row.storeId, importId)
      await fail(importId, [...failure, ...(current?.errors ?? [])])
      return
    }
    await repository.updateImport(importId, { status: 'done', finishedAt: new Date() })
  }

  /** The product a group became in an earlier run (by SKU, else handle): for its images. */
  async function findWritten(storeId: string, group: ProductGroup) {
    const skus = group.input.variants.flatMap((v) => (v.sku ? [v.sku] : []))
    const [bySku] = await repository.productsBySku(deps.db, storeId, skus)
    if (bySku) return bySku.productId
    const handle = group.handle ?? group.input.handle ?? group.key
    const [byHandle] = await repository.productsByHandle(deps.db, storeId, [handle])
    return byHandle?.id ?? null
  }

  /** Runs an import this process holds, in the background, saying it is alive meanwhile. */
  function launch(row: ProductImportRow) {
    const beat = setInterval(() => {
      repository.heartbeat(row.id, worker).catch(() => {})
    }, heartbeatMs)
    beat.unref()
    const job = execute(row)
      .catch(async (err: unknown) => {
        if (err instanceof LostClaim) {
          deps.log.warn({ importId: row.id }, 'catalogue import taken over by another process')
          return
        }
        if (err instanceof Stopping) {
          // Released: the next process (or this one's successor) resumes it at once.
          await repository
            .releaseImport(row.id, worker)
            .catch((e: unknown) => deps.log.error({ err: e, importId: row.id }, 'release failed'))
          deps.log.info({ importId: row.id }, 'catalogue import paused for shutdown')
          return
        }
        deps.log.error({ err, importId: row.id }, 'catalogue import failed')
        await fail(row.id, [
          ...row.errors,
          { row: 0, field: '', message: 'La importación falló. Probá de nuevo.' },
        ]).catch(() => {})
      })
      .finally(() => {
        clearInterval(beat)
        running.delete(job)
      })
    running.add(job)
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

    /** Checks every row of a sheet (CSV or .xlsx, as text cells); writes nothing. */
    async validate(storeId: string, table: string[][]) {
      const read = readTable(table)
      if (read.errors.length) return { total: 0, errors: read.errors }
      const { errors } = await check(storeId, read.rows)
      return { total: read.rows.length, errors }
    },

    /**
     * Starts an import: its row is written with the file's rows (status `validating`, held by
     * this process) and the rows are checked and written in the background; errors in any row
     * fail it before anything is written.
     */
    async start(seller: { storeId: string; userId: string }, table: string[][]) {
      const read = readTable(table)
      const row = await repository.createImport({
        storeId: seller.storeId,
        actorId: seller.userId,
        rows: read.rows,
        total: read.rows.length,
        worker,
        heartbeatAt: new Date(),
        ...(read.errors.length
          ? { status: 'failed' as const, errors: read.errors, finishedAt: new Date() }
          : {}),
      })
      if (!read.errors.length) launch(row)
      return { importId: row.id }
    },

    /**
     * Claims and resumes the imports whose process stopped (no heartbeat for `staleMs`, or
     * released by a closing process); at start and periodically. Answers how many it took.
     */
    async resumeStale() {
      let taken = 0
      while (!stopping) {
        const row = await repository.claimStale(worker, staleMs)
        if (!row) break
        deps.log.info({ importId: row.id, processed: row.processed }, 'catalogue import resumed')
        launch(row)
        taken++
      }
      return taken
    },

    async get(storeId: string, importId: string) {
      const row = await repository.findImport(storeId, importId)
      if (!row) throw new AppError('NOT_FOUND', 'No encontramos esa importación en este comercio.')
      return toImportDto(row)
    },

    /** Imports still running, for tests to wait for. */
    settled: () => Promise.all([...running]).then(() => undefined),
    /**
     * For the app's close: imports stop after their current batch (and image) and are released
     * for the next process to resume.
     */
    async stop() {
      stopping = true
      await Promise.all([...running])
    },
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
    images: { total: row.imagesTotal, done: row.imagesDone },
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }
}
