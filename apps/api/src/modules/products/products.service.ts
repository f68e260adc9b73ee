import { randomUUID } from 'node:crypto'
import { productFilterSchema, type AdminProductInput } from '@barrio/contracts/admin-products'
import { buildPage } from '@barrio/contracts/pagination'
import type { FieldError } from '@barrio/contracts/errors'
import { AppError } from '../../lib/errors.ts'
import { parseJsonFilter } from '../../lib/json-filter.ts'
import type { Db, Tx } from '../../db/client.ts'
import { slugify } from '@barrio/contracts/slug'
import type { Storage } from '../../integrations/storage.ts'
import { assertImages, processImage, type UploadedFile } from '../media/image-pipeline.ts'
import type {
  MediaRow,
  ProductRow,
  ProductsRepository,
  VariantRow,
  VariantValues,
} from './products.repository.ts'
import { variantFields } from './variant-dto.ts'
import type { AuditService } from '../audit/audit.service.ts'

type Details = Awaited<ReturnType<ProductsRepository['details']>>

/** A price change the audit log records: more than this share, up or down (decision 047). */
const AUDITED_PRICE_CHANGE = 0.3

/**
 * The variants whose price moved by more than 30 % (a price from 0 counts whenever it changes),
 * each with its price before and after; variants added or removed are not price changes.
 */
export function bigPriceChanges(
  before: Array<{ id: string; title: string; priceCents: number }>,
  after: Array<{ id?: string | undefined; title: string; priceCents: number }>,
) {
  const was = new Map(before.map((v) => [v.id, v]))
  return after.flatMap((v) => {
    const old = v.id ? was.get(v.id) : undefined
    if (!old || old.priceCents === v.priceCents) return []
    const moved = Math.abs(v.priceCents - old.priceCents)
    if (old.priceCents > 0 && moved <= old.priceCents * AUDITED_PRICE_CHANGE) return []
    return [{ id: old.id, title: v.title, before: old.priceCents, after: v.priceCents }]
  })
}

function toAdminProductDtos(rows: ProductRow[], details: Details) {
  return rows.map((p) => {
    const variants = details.variants.filter((v) => v.productId === p.id)
    const media = details.media.filter((m) => m.productId === p.id)
    return {
      _id: p.id,
      storeId: p.storeId,
      title: p.title,
      handle: p.handle,
      description: p.description,
      status: p.status,
      hidden:
        p.hiddenAt && p.hiddenReason !== null
          ? { reason: p.hiddenReason, since: p.hiddenAt.toISOString() }
          : null,
      collectionIds: details.memberships
        .filter((m) => m.productId === p.id)
        .map((m) => m.collectionId),
      tags: p.tags,
      options: p.options,
      variants: variants.map(toVariantDto),
      media: media.map((m, i) => toMediaDto(m, i)),
      totalStock: variants.reduce((sum, v) => sum + (v.trackStock ? v.stockQuantity : 0), 0),
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
    }
  })
}
/** The seller's variant: what customers see of it (`variant-dto.ts`), plus its weight. */
function toVariantDto(v: VariantRow) {
  return { ...variantFields(v), weight: v.weightGrams }
}
function toMediaDto(m: MediaRow, index: number) {
  return {
    mediaId: m.id,
    url: m.url,
    thumbUrl: m.thumbUrl,
    alt: m.alt,
    width: m.width,
    height: m.height,
    position: m.position,
    isMain: index === 0,
  }
}

/** Checks variants against the options: every option valued, combinations unique (field errors). */
function validateVariants(input: AdminProductInput): FieldError[] {
  const errors: FieldError[] = []
  if (input.options.length === 0 && input.variants.length > 1) {
    errors.push({
      name: 'variants',
      message:
        'Sin opciones, el producto tiene una sola variante. Agregá opciones (ej.: Talle) para más.',
    })
  }
  const seen = new Set<string>()
  input.variants.forEach((v, i) => {
    for (const option of input.options) {
      if (!v.options[option])
        errors.push({ name: `variants.${i}.options.${option}`, message: `Indicá ${option}` })
    }
    for (const key of Object.keys(v.options)) {
      if (!input.options.includes(key))
        errors.push({
          name: `variants.${i}.options.${key}`,
          message: `"${key}" no es una opción del producto`,
        })
    }
    if (input.options.length > 0) {
      const combo = input.options.map((o) => v.options[o] ?? '').join('|')
      if (seen.has(combo))
        errors.push({ name: `variants.${i}.options`, message: 'Esta combinación ya existe' })
      seen.add(combo)
    }
    if (
      v.compareAtPrice !== undefined &&
      v.compareAtPrice !== null &&
      v.compareAtPrice <= v.price
    ) {
      errors.push({
        name: `variants.${i}.compareAtPrice`,
        message: 'El precio de lista debe ser mayor que el precio',
      })
    }
  })
  return errors
}

/**
 * Seller-side products: create-then-edit, variants, collections, media and inventory, always
 * inside the store the call names (other stores' products are "not found").
 */
/** A price change by a role that may not set prices (403 ROLE_NOT_ALLOWED, decision 029). */
function pricesLocked(
  field: string,
  message = 'Solo el dueño o un encargado pueden cambiar precios.',
) {
  return new AppError('ROLE_NOT_ALLOWED', message, { errors: [{ name: field, message }] })
}

const sameOptions = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((k) => b[k] === a[k])
}

/**
 * For a role without `prices`: what a customer buys at which price stays as it was. A price is
 * the price of a variant as the customer picks it (its options, its title), so renaming a
 * variant's options or title, adding one or removing one changes what something costs (the $10
 * variant renamed to the $90 one's option). Stock, SKU, weight and the product's texts are free.
 */
function assertSamePrices(before: VariantRow[], after: VariantValues[]) {
  after.forEach((v, i) => {
    const was = v.id ? before.find((b) => b.id === v.id) : undefined
    if (!was) throw pricesLocked(`variants.${i}.price`)
    if (was.priceCents !== v.priceCents) throw pricesLocked(`variants.${i}.price`)
    if (was.compareAtPriceCents !== v.compareAtPriceCents)
      throw pricesLocked(`variants.${i}.compareAtPrice`)
    if (!sameOptions(was.optionValues, v.optionValues ?? {}))
      throw pricesLocked(
        `variants.${i}.options`,
        'Solo el dueño o un encargado pueden cambiar las opciones de una variante (cambia qué se vende a cada precio).',
      )
    if (was.title !== v.title)
      throw pricesLocked(
        `variants.${i}.title`,
        'Solo el dueño o un encargado pueden renombrar una variante (cambia qué se vende a cada precio).',
      )
  })
  if (before.some((b) => !after.some((v) => v.id === b.id)))
    throw pricesLocked(
      'variants',
      'Solo el dueño o un encargado pueden quitar variantes (cambia qué se vende a cada precio).',
    )
}

export function createProductsService(deps: {
  db: Db
  repository: ProductsRepository
  storage: Storage
  audit: Pick<AuditService, 'record'>
}) {
  const { repository } = deps
  const notFound = () => new AppError('NOT_FOUND', 'No encontramos ese producto en este comercio.')

  async function owned(storeId: string, productId: string) {
    const row = await repository.find(storeId, productId)
    if (!row) throw notFound()
    return row
  }
  async function dto(row: ProductRow) {
    return toAdminProductDtos([row], await repository.details([row.id]))[0]!
  }
  async function uniqueHandle(storeId: string, wanted: string, exceptId?: string) {
    const taken = new Set(
      (await repository.handlesLike(storeId, wanted))
        .filter((r) => r.id !== exceptId)
        .map((r) => r.handle),
    )
    if (!taken.has(wanted)) return wanted
    for (let n = 2; ; n++) if (!taken.has(`${wanted}-${n}`)) return `${wanted}-${n}`
  }
  async function prepare(storeId: string, input: AdminProductInput, knownVariantIds: string[]) {
    const errors = validateVariants(input)
    const validCollections = await repository.collectionIdsOfStore(storeId, input.collectionIds)
    if (validCollections.length !== new Set(input.collectionIds).size) {
      errors.push({ name: 'collectionIds', message: 'Alguna colección no existe en este comercio' })
    }
    if (errors.length) throw new AppError('INVALID', 'Revisá los datos del producto.', { errors })
    const variants: VariantValues[] = input.variants.map((v, position) => ({
      // An id that is not one of this product's variants is ignored: the variant is new.
      ...(v._id && knownVariantIds.includes(v._id) ? { id: v._id } : {}),
      title: v.title || input.options.map((o) => v.options[o]).join(' / ') || 'Predeterminado',
      sku: v.sku || null,
      optionValues: v.options,
      priceCents: v.price,
      compareAtPriceCents: v.compareAtPrice ?? null,
      stockQuantity: v.stock,
      trackStock: v.trackInventory,
      weightGrams: v.weight ?? null,
      unitMeasure: v.unitMeasure ?? null,
      position,
    }))
    return { variants, collectionIds: [...new Set(input.collectionIds)] }
  }

  return {
    newId: () => ({ _id: randomUUID() }),

    /** Clean-up of a deleted store, in the stores service's transaction (see onStoreDeleted). */
    deleteAllOfStore: (tx: Tx, storeId: string) => repository.deleteAllOfStore(tx, storeId),
    mediaKeysOfStore: (storeId: string) => repository.mediaKeysOfStore(storeId),

    /** Reserves stock for an order in the caller's transaction; CONFLICT names the item that ran out. */
    async reserveStock(
      tx: Parameters<ProductsRepository['reserveStock']>[0],
      items: Array<{ variantId: string; quantity: number }>,
    ) {
      const { short, left } = await repository.reserveStock(tx, items)
      if (short) {
        const message =
          short.left > 0
            ? `Solo quedan ${short.left} de "${short.title}".`
            : `"${short.title}" se quedó sin stock.`
        throw new AppError('CONFLICT', message, {
          errors: [{ name: `items.${short.variantId}`, message }],
        })
      }
      // What tracked variants hold now and held before: callers watch thresholds (low stock).
      return left.map((l) => ({
        variantId: l.variantId,
        before: l.stock + l.quantity,
        after: l.stock,
      }))
    },

    /**
     * The store's variants a seller's order names, with what the order is written with (title,
     * unit price, stock, main image), read in the caller's transaction. Other stores' variants
     * are simply absent.
     */
    orderLines: (q: Pick<Db, 'select'>, storeId: string, variantIds: string[]) =>
      repository.orderLines(q, storeId, variantIds),

    /** Gives back the stock of a cancelled order in the caller's transaction. */
    releaseStock: repository.releaseStock,

    async list(
      storeId: string,
      query: { page: number; limit: number; query?: string | undefined; sort: string },
    ) {
      const filter = parseJsonFilter(productFilterSchema, query.query)
      const { rows, total } = await repository.list(storeId, filter, query.sort, query)
      const details = await repository.details(rows.map((r) => r.id))
      return buildPage(toAdminProductDtos(rows, details), total, query)
    },

    async get(storeId: string, productId: string) {
      return dto(await owned(storeId, productId))
    },

    /**
     * `canSetPrices` is false for a role without the `prices` permission (staff, decision 029):
     * such a person may not create a product (it sets prices) nor change a price on update.
     */
    async create(storeId: string, input: AdminProductInput, opts: { canSetPrices?: boolean } = {}) {
      if (opts.canSetPrices === false) throw pricesLocked('variants')
      if (input._id && (await repository.exists(input._id))) {
        throw new AppError('CONFLICT', 'Ese producto ya fue creado: guardalo con PUT.', {
          errors: [{ name: '_id', message: 'El id ya existe' }],
        })
      }
      const { variants, collectionIds } = await prepare(storeId, input, [])
      const handle = await uniqueHandle(
        storeId,
        input.handle ?? (slugify(input.title) || 'producto'),
      )
      const row = await deps.db.transaction((tx) =>
        repository.create(
          tx,
          {
            ...(input._id ? { id: input._id } : {}),
            storeId,
            title: input.title,
            handle,
            description: input.description,
            status: input.status,
            tags: input.tags,
            options: input.options,
          },
          variants,
          collectionIds,
        ),
      )
      return dto(row)
    },

    async update(
      storeId: string,
      productId: string,
      input: AdminProductInput,
      opts: { canSetPrices?: boolean; actorId?: string } = {},
    ) {
      const current = await owned(storeId, productId)
      const { variants, collectionIds } = await prepare(
        storeId,
        input,
        await repository.variantIdsOf(productId),
      )
      if (opts.canSetPrices === false) {
        const { variants: before } = await repository.details([current.id])
        assertSamePrices(before, variants)
      }
      let mediaOrder: string[] | undefined
      if (input.mediaOrder) {
        const current = (await repository.mediaOf(productId)).map((m) => m.id)
        const isPermutation =
          input.mediaOrder.length === current.length &&
          input.mediaOrder.every((id) => current.includes(id))
        if (!isPermutation) {
          throw new AppError(
            'INVALID',
            'El orden de imágenes no coincide con las imágenes del producto.',
            {
              errors: [{ name: 'mediaOrder', message: 'Incluí cada imagen del producto una vez' }],
            },
          )
        }
        mediaOrder = input.mediaOrder
      }
      const handle = await uniqueHandle(
        storeId,
        input.handle ?? (slugify(input.title) || 'producto'),
        productId,
      )
      const row = await deps.db.transaction(async (tx) => {
        const pricesBefore = await repository.lockVariantPrices(tx, productId)
        const updated = await repository.update(
          tx,
          productId,
          {
            title: input.title,
            handle,
            description: input.description,
            status: input.status,
            tags: input.tags,
            options: input.options,
          },
          variants,
          collectionIds,
          mediaOrder,
        )
        // A price moved by more than 30 % is audited with the update (decision 047).
        const changes = bigPriceChanges(pricesBefore, variants.map((v) => ({ ...v, id: v.id })))
        if (changes.length)
          await deps.audit.record(tx, {
            actorId: opts.actorId ?? null,
            storeId,
            action: 'products.price_changed',
            target: { type: 'product', id: productId },
            before: {
              title: current.title,
              variants: changes.map((c) => ({ id: c.id, title: c.title, priceCents: c.before })),
            },
            after: {
              title: input.title,
              variants: changes.map((c) => ({ id: c.id, title: c.title, priceCents: c.after })),
            },
          })
        return updated
      })
      return dto(row)
    },

    /** Products are archived rather than deleted: orders and reports keep pointing at them. */
    async archive(storeId: string, productId: string) {
      await owned(storeId, productId)
      await repository.setStatus(productId, 'archived')
      return dto((await repository.find(storeId, productId))!)
    },

    async addMedia(storeId: string, productId: string, files: UploadedFile[]) {
      const product = await owned(storeId, productId)
      assertImages(files)
      const existing = await repository.mediaOf(productId)
      const processed = []
      try {
        for (const file of files)
          processed.push(await processImage(deps.storage, `products/${productId}`, file))
      } catch (err) {
        // All or nothing: a bad file in the batch leaves no orphan files behind.
        await deps.storage.remove(processed.flatMap((p) => p.keys)).catch(() => {})
        throw err
      }
      await repository.insertMedia(
        processed.map((p, i) => ({
          id: p.id,
          productId,
          url: p.main.url,
          thumbUrl: p.thumb.url,
          storageKeys: p.keys,
          alt: product.title,
          width: p.main.width,
          height: p.main.height,
          position: existing.length + i,
        })),
      )
      await repository.touch(productId)
      return dto(product)
    },

    async removeMedia(storeId: string, productId: string, mediaId: string) {
      const product = await owned(storeId, productId)
      const removed = await deps.db.transaction((tx) =>
        repository.deleteMedia(tx, productId, mediaId),
      )
      if (!removed) throw new AppError('NOT_FOUND', 'No encontramos esa imagen en el producto.')
      await deps.storage.remove(removed.storageKeys).catch(() => {})
      await repository.touch(productId)
      return dto(product)
    },

    /** For the seller's dashboard: low-stock and out-of-stock variant counts. */
    stockSummary: (storeId: string, threshold: number) =>
      repository.stockSummary(storeId, threshold),
    /** First-day checklist: some live product of the store has a photo. */
    hasProductWithPhoto: (storeId: string) => repository.hasProductWithPhoto(storeId),

    async inventory(
      storeId: string,
      query: { page: number; limit: number; q?: string | undefined; lowStock?: number | undefined },
    ) {
      const { rows, total } = await repository.inventory(
        storeId,
        {
          ...(query.q ? { q: query.q } : {}),
          ...(query.lowStock !== undefined ? { lowStock: query.lowStock } : {}),
        },
        query,
      )
      return buildPage(
        rows.map(({ variant, product }) => toInventoryRow(variant, product)),
        total,
        query,
      )
    },

    async adjustStock(
      storeId: string,
      input: { variantId: string; delta?: number | undefined; quantity?: number | undefined },
    ) {
      const change =
        input.quantity !== undefined ? { quantity: input.quantity } : { delta: input.delta ?? 0 }
      const updated = await repository.adjustStock(storeId, input.variantId, change)
      if (!updated) {
        const found = await repository.findVariant(storeId, input.variantId)
        if (!found) throw new AppError('NOT_FOUND', 'No encontramos esa variante en este comercio.')
        throw new AppError(
          'CONFLICT',
          `El stock de "${found.product.title}" no puede quedar negativo (hay ${found.variant.stockQuantity}).`,
          {
            errors: [{ name: 'delta', message: 'El stock no puede quedar negativo' }],
          },
        )
      }
      const found = await repository.findVariant(storeId, input.variantId)
      return toInventoryRow(updated, found!.product)
    },
  }
}
export type ProductsService = ReturnType<typeof createProductsService>

function toInventoryRow(variant: VariantRow, product: ProductRow) {
  return {
    variantId: variant.id,
    productId: product.id,
    productTitle: product.title,
    variantTitle: variant.title,
    sku: variant.sku,
    price: variant.priceCents,
    stock: variant.stockQuantity,
    trackInventory: variant.trackStock,
    status: product.status,
  }
}
