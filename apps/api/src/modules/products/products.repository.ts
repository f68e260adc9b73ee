import { and, asc, desc, eq, ilike, inArray, lte, notInArray, or, sql, type SQL } from 'drizzle-orm'
import type { ProductFilter } from '@barrio/contracts/admin-products'
import type { Db, Tx } from '../../db/client.ts'
import { concurrentReads } from '../../db/concurrent-reads.ts'
import {
  collections,
  productCollections,
  productMedia,
  products,
  productVariants,
} from '../../db/schema/catalog.ts'
import { productFilterConditions } from './product-filter.ts'

export type ProductRow = typeof products.$inferSelect
export type VariantRow = typeof productVariants.$inferSelect
export type MediaRow = typeof productMedia.$inferSelect

const minPrice = sql`(select min(v.price_cents) from ${productVariants} v where v.product_id = ${products.id})`
const totalStock = sql`(select coalesce(sum(v.stock_quantity), 0) from ${productVariants} v where v.product_id = ${products.id})`
const SORTS: Record<string, SQL[]> = {
  updatedAt: [asc(products.updatedAt)],
  '-updatedAt': [desc(products.updatedAt)],
  title: [asc(products.title)],
  '-title': [desc(products.title)],
  price: [sql`${minPrice} asc nulls last`],
  '-price': [sql`${minPrice} desc nulls last`],
  stock: [sql`${totalStock} asc`],
  '-stock': [sql`${totalStock} desc`],
}

export type VariantValues = Omit<typeof productVariants.$inferInsert, 'productId'>

/** The only code that writes products, variants, media and memberships for sellers. */
export function createProductsRepository(db: Db) {
  async function replaceChildren(
    tx: Tx,
    productId: string,
    variants: VariantValues[],
    collectionIds: string[],
  ) {
    // Variants keep their ids across edits (orders will point at them); removed ones go away.
    const keepIds = variants.flatMap((v) => (v.id ? [v.id] : []))
    await tx
      .delete(productVariants)
      .where(
        keepIds.length
          ? and(eq(productVariants.productId, productId), notInArray(productVariants.id, keepIds))
          : eq(productVariants.productId, productId),
      )
    for (const v of variants.filter((v) => v.id)) {
      await tx
        .update(productVariants)
        .set(v)
        .where(and(eq(productVariants.id, v.id!), eq(productVariants.productId, productId)))
    }
    const fresh = variants.filter((v) => !v.id)
    if (fresh.length)
      await tx.insert(productVariants).values(fresh.map((v) => ({ ...v, productId })))
    await tx.delete(productCollections).where(eq(productCollections.productId, productId))
    if (collectionIds.length) {
      await tx
        .insert(productCollections)
        .values(
          collectionIds.map((collectionId, position) => ({ productId, collectionId, position })),
        )
    }
  }

  return {
    /** A deleted store's products; variants, media and collection memberships go with them (FK cascade). */
    async deleteAllOfStore(tx: Tx, storeId: string) {
      await tx.delete(products).where(eq(products.storeId, storeId))
    },
    async mediaKeysOfStore(storeId: string): Promise<string[]> {
      const rows = await db
        .select({ keys: productMedia.storageKeys })
        .from(productMedia)
        .innerJoin(products, eq(products.id, productMedia.productId))
        .where(eq(products.storeId, storeId))
      return rows.flatMap((r) => r.keys)
    },
    /** One page of the store's products the parsed `query` filter selects. */
    async list(
      storeId: string,
      filter: ProductFilter,
      sort: string,
      page: { page: number; limit: number },
    ) {
      const condition = and(...productFilterConditions(storeId, filter))
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(products)
          .where(condition)
          .orderBy(...(SORTS[sort] ?? SORTS['-updatedAt']!), asc(products.id))
          .limit(page.limit)
          .offset((page.page - 1) * page.limit),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(products)
          .where(condition),
      ])
      return { rows, total: Number(count?.total ?? 0) }
    },
    async find(storeId: string, productId: string): Promise<ProductRow | null> {
      const [row] = await db
        .select()
        .from(products)
        .where(and(eq(products.id, productId), eq(products.storeId, storeId)))
      return row ?? null
    },
    async exists(productId: string) {
      const [row] = await db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, productId))
      return Boolean(row)
    },
    async handlesLike(
      storeId: string,
      base: string,
    ): Promise<Array<{ id: string; handle: string }>> {
      return db
        .select({ id: products.id, handle: products.handle })
        .from(products)
        .where(
          and(
            eq(products.storeId, storeId),
            or(eq(products.handle, base), sql`${products.handle} like ${`${base}-%`}`),
          ),
        )
    },
    async collectionIdsOfStore(storeId: string, ids: string[]): Promise<string[]> {
      if (!ids.length) return []
      const rows = await db
        .select({ id: collections.id })
        .from(collections)
        .where(and(eq(collections.storeId, storeId), inArray(collections.id, ids)))
      return rows.map((r) => r.id)
    },
    async variantIdsOf(productId: string): Promise<string[]> {
      const rows = await db
        .select({ id: productVariants.id })
        .from(productVariants)
        .where(eq(productVariants.productId, productId))
      return rows.map((r) => r.id)
    },
    /** The product, its variants and memberships, in the service's transaction. */
    async create(
      tx: Tx,
      values: typeof products.$inferInsert,
      variants: VariantValues[],
      collectionIds: string[],
    ) {
      const [row] = await tx.insert(products).values(values).returning()
      await replaceChildren(tx, row!.id, variants, collectionIds)
      return row!
    },
    /** The product, its variants, memberships and media order, in the service's transaction. */
    async update(
      tx: Tx,
      productId: string,
      values: Partial<typeof products.$inferInsert>,
      variants: VariantValues[],
      collectionIds: string[],
      mediaOrder?: string[],
    ) {
      const [row] = await tx
        .update(products)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(products.id, productId))
        .returning()
      await replaceChildren(tx, productId, variants, collectionIds)
      if (mediaOrder) {
        for (const [position, id] of mediaOrder.entries()) {
          await tx
            .update(productMedia)
            .set({ position })
            .where(and(eq(productMedia.id, id), eq(productMedia.productId, productId)))
        }
      }
      return row!
    },
    /** The product's variants' prices, their rows locked for the update's transaction. */
    async lockVariantPrices(tx: Tx, productId: string) {
      return tx
        .select({
          id: productVariants.id,
          title: productVariants.title,
          priceCents: productVariants.priceCents,
        })
        .from(productVariants)
        .where(eq(productVariants.productId, productId))
        .for('update')
    },
    async setStatus(productId: string, status: 'draft' | 'active' | 'archived') {
      await db
        .update(products)
        .set({ status, updatedAt: new Date() })
        .where(eq(products.id, productId))
    },
    async touch(productId: string) {
      await db.update(products).set({ updatedAt: new Date() }).where(eq(products.id, productId))
    },

    /** Variants, media and memberships of many products in three queries (no N+1). */
    async details(productIds: string[]) {
      if (!productIds.length)
        return {
          variants: [] as VariantRow[],
          media: [] as MediaRow[],
          memberships: [] as Array<{ productId: string; collectionId: string }>,
        }
      // The import binds this repository to its transaction: no parallel queries there.
      const [variants, media, memberships] = await concurrentReads(db, [
        () =>
          db
            .select()
            .from(productVariants)
            .where(inArray(productVariants.productId, productIds))
            .orderBy(asc(productVariants.position)),
        () =>
          db
            .select()
            .from(productMedia)
            .where(inArray(productMedia.productId, productIds))
            .orderBy(asc(productMedia.position), asc(productMedia.createdAt)),
        () =>
          db
            .select({
              productId: productCollections.productId,
              collectionId: productCollections.collectionId,
            })
            .from(productCollections)
            .where(inArray(productCollections.productId, productIds)),
      ])
      return { variants, media, memberships }
    },

    async mediaOf(productId: string): Promise<MediaRow[]> {
      return db
        .select()
        .from(productMedia)
        .where(eq(productMedia.productId, productId))
        .orderBy(asc(productMedia.position))
    },
    async insertMedia(rows: Array<typeof productMedia.$inferInsert>) {
      if (rows.length) await db.insert(productMedia).values(rows)
    },
    /** Deletes one media row and closes the gap in the positions, in the service's transaction. */
    async deleteMedia(tx: Tx, productId: string, mediaId: string): Promise<MediaRow | null> {
      const [removed] = await tx
        .delete(productMedia)
        .where(and(eq(productMedia.id, mediaId), eq(productMedia.productId, productId)))
        .returning()
      if (!removed) return null
      await tx
        .update(productMedia)
        .set({ position: sql`${productMedia.position} - 1` })
        .where(
          and(
            eq(productMedia.productId, productId),
            sql`${productMedia.position} > ${removed.position}`,
          ),
        )
      return removed
    },

    /** Tracked variants of live products at or under the threshold, and those at zero. */
    async stockSummary(storeId: string, threshold: number) {
      const [row] = await db
        .select({
          low: sql<number>`count(*) filter (where ${productVariants.stockQuantity} <= ${threshold})::int`,
          out: sql<number>`count(*) filter (where ${productVariants.stockQuantity} <= 0)::int`,
        })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(
          and(
            eq(products.storeId, storeId),
            sql`${products.status} <> 'archived'`,
            eq(productVariants.trackStock, true),
          ),
        )
      return { low: Number(row?.low ?? 0), out: Number(row?.out ?? 0) }
    },

    async hasProductWithPhoto(storeId: string) {
      const [row] = await db
        .select({ id: productMedia.id })
        .from(productMedia)
        .innerJoin(products, eq(products.id, productMedia.productId))
        .where(and(eq(products.storeId, storeId), sql`${products.status} <> 'archived'`))
        .limit(1)
      return row !== undefined
    },

    async orderLines(q: Pick<Db, 'select'>, storeId: string, variantIds: string[]) {
      if (!variantIds.length) return []
      return q
        .select({
          variantId: productVariants.id,
          productId: products.id,
          title: products.title,
          productStatus: products.status,
          variantTitle: productVariants.title,
          sku: productVariants.sku,
          priceCents: productVariants.priceCents,
          stockQuantity: productVariants.stockQuantity,
          trackStock: productVariants.trackStock,
          imageUrl: sql<
            string | null
          >`(select coalesce(m.thumb_url, m.url) from ${productMedia} m where m.product_id = ${products.id} order by m.position limit 1)`,
        })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(and(eq(products.storeId, storeId), inArray(productVariants.id, variantIds)))
    },

    async inventory(
      storeId: string,
      filter: { q?: string; lowStock?: number },
      page: { page: number; limit: number },
    ) {
      const conditions: SQL[] = [
        eq(products.storeId, storeId),
        sql`${products.status} <> 'archived'`,
      ]
      if (filter.q) {
        const term = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
        conditions.push(
          or(
            ilike(products.title, term),
            ilike(productVariants.sku, term),
            ilike(productVariants.title, term),
          )!,
        )
      }
      if (filter.lowStock !== undefined)
        conditions.push(
          and(
            eq(productVariants.trackStock, true),
            lte(productVariants.stockQuantity, filter.lowStock),
          )!,
        )
      const where = and(...conditions)
      const [rows, [count]] = await Promise.all([
        db
          .select({ variant: productVariants, product: products })
          .from(productVariants)
          .innerJoin(products, eq(products.id, productVariants.productId))
          .where(where)
          .orderBy(
            filter.lowStock !== undefined
              ? asc(productVariants.stockQuantity)
              : asc(products.title),
            asc(productVariants.position),
            asc(productVariants.id),
          )
          .limit(page.limit)
          .offset((page.page - 1) * page.limit),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(productVariants)
          .innerJoin(products, eq(products.id, productVariants.productId))
          .where(where),
      ])
      return { rows, total: Number(count?.total ?? 0) }
    },
    /**
     * Sets or shifts a variant's stock atomically in one UPDATE, refusing to go below zero. Null when
     * the variant is not in the store or the result would be negative.
     */
    async adjustStock(
      storeId: string,
      variantId: string,
      change: { delta: number } | { quantity: number },
    ) {
      const next =
        'delta' in change
          ? sql`${productVariants.stockQuantity} + ${change.delta}`
          : sql`${change.quantity}::int`
      const [row] = await db
        .update(productVariants)
        .set({ stockQuantity: sql`${next}`, updatedAt: new Date() })
        .where(
          and(
            eq(productVariants.id, variantId),
            sql`${productVariants.productId} in (select id from ${products} where store_id = ${storeId})`,
            sql`${next} >= 0`,
          ),
        )
        .returning()
      return row ?? null
    },
    /**
     * Takes stock for an order inside the caller's transaction: one conditional UPDATE per variant
     * (in id order, so concurrent orders lock rows in the same order and cannot deadlock). Returns
     * the first variant that lacks stock, or null when every line was reserved.
     */
    async reserveStock(
      tx: Pick<Db, 'update' | 'select'>,
      items: Array<{ variantId: string; quantity: number }>,
    ) {
      const sorted = [...items].sort((a, b) => a.variantId.localeCompare(b.variantId))
      const left: Array<{ variantId: string; stock: number; quantity: number }> = []
      for (const item of sorted) {
        const rows = await tx
          .update(productVariants)
          .set({
            stockQuantity: sql`case when ${productVariants.trackStock} then ${productVariants.stockQuantity} - ${item.quantity} else ${productVariants.stockQuantity} end`,
          })
          .where(
            and(
              eq(productVariants.id, item.variantId),
              sql`(not ${productVariants.trackStock} or ${productVariants.stockQuantity} >= ${item.quantity})`,
            ),
          )
          .returning({
            id: productVariants.id,
            stock: productVariants.stockQuantity,
            tracked: productVariants.trackStock,
          })
        if (rows.length === 0) {
          const [remaining] = await tx
            .select({ stock: productVariants.stockQuantity, title: products.title })
            .from(productVariants)
            .innerJoin(products, eq(products.id, productVariants.productId))
            .where(eq(productVariants.id, item.variantId))
          return {
            short: {
              variantId: item.variantId,
              title: remaining?.title ?? 'un producto',
              left: Math.max(remaining?.stock ?? 0, 0),
            },
            left: [],
          }
        }
        const [row] = rows
        if (row?.tracked)
          left.push({ variantId: row.id, stock: row.stock, quantity: item.quantity })
      }
      return { short: null, left }
    },
    /**
     * Gives back the stock an order took (the mirror of reserveStock), in the caller's transaction
     * and in variant-id order (the same lock order as reserveStock, so no deadlock). Untracked
     * variants were never decremented and stay as they are; deleted variants are skipped.
     */
    async releaseStock(
      tx: Pick<Db, 'update'>,
      items: Array<{ variantId: string; quantity: number }>,
    ) {
      const byVariant = new Map<string, number>()
      for (const i of items)
        byVariant.set(i.variantId, (byVariant.get(i.variantId) ?? 0) + i.quantity)
      for (const variantId of [...byVariant.keys()].sort()) {
        await tx
          .update(productVariants)
          .set({
            stockQuantity: sql`${productVariants.stockQuantity} + ${byVariant.get(variantId)!}`,
            updatedAt: new Date(),
          })
          .where(and(eq(productVariants.id, variantId), eq(productVariants.trackStock, true)))
      }
    },
    async findVariant(storeId: string, variantId: string) {
      const [row] = await db
        .select({ variant: productVariants, product: products })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(and(eq(productVariants.id, variantId), eq(products.storeId, storeId)))
      return row ?? null
    },
  }
}
export type ProductsRepository = ReturnType<typeof createProductsRepository>
