import type { CatalogImportError } from '@barrio/contracts/catalog-csv'
import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { collections, productMedia, products, productVariants } from '../../db/schema/catalog.ts'
import { productImports, type ProductImportRow } from '../../db/schema/product-imports.ts'

export type { ProductImportRow }
type Query = Pick<Db, 'select' | 'insert' | 'update'>

/**
 * Reads of the catalogue spreadsheet (decision 055) and the `product_imports` rows. Products are
 * written only through the products service (its rules: handles, variants, price audit).
 */
export function createCatalogCsvRepository(db: Db) {
  return {
    /** A page of the store's products by id (keyset: stable while the export reads). */
    async productsAfter(storeId: string, afterId: string | null, limit: number) {
      return db
        .select()
        .from(products)
        .where(and(eq(products.storeId, storeId), afterId ? gt(products.id, afterId) : undefined))
        .orderBy(asc(products.id))
        .limit(limit)
    },
    async collectionsOfStore(storeId: string) {
      return db
        .select({ id: collections.id, handle: collections.handle })
        .from(collections)
        .where(eq(collections.storeId, storeId))
    },
    /** Which of the store's products hold these SKUs, and which these handles name. */
    async productsBySku(q: Query, storeId: string, skus: string[]) {
      if (!skus.length) return []
      return q
        .select({ productId: productVariants.productId, sku: productVariants.sku })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(
          and(
            eq(products.storeId, storeId),
            isNotNull(productVariants.sku),
            inArray(productVariants.sku, skus),
          ),
        )
    },
    async productsByHandle(q: Query, storeId: string, handles: string[]) {
      if (!handles.length) return []
      return q
        .select({ id: products.id, handle: products.handle })
        .from(products)
        .where(and(eq(products.storeId, storeId), inArray(products.handle, handles)))
    },

    async createImport(values: typeof productImports.$inferInsert): Promise<ProductImportRow> {
      const [row] = await db.insert(productImports).values(values).returning()
      return row!
    },
    async updateImport(
      id: string,
      values: Partial<Omit<typeof productImports.$inferInsert, 'id' | 'storeId'>>,
    ) {
      await db.update(productImports).set(values).where(eq(productImports.id, id))
    },
    /**
     * A batch's progress, in the batch's own transaction: what is counted is exactly what is
     * written. False when another process took the import over (the batch must then roll back).
     */
    async recordBatch(
      q: Query,
      id: string,
      worker: string,
      values: { processed: number; created: number; updated: number },
    ) {
      const rows = await q
        .update(productImports)
        .set({ ...values, heartbeatAt: new Date() })
        .where(and(eq(productImports.id, id), eq(productImports.worker, worker)))
        .returning({ id: productImports.id })
      return rows.length === 1
    },
    /** "Still here": false when another process took the import over. */
    async heartbeat(id: string, worker: string) {
      const rows = await db
        .update(productImports)
        .set({ heartbeatAt: new Date() })
        .where(and(eq(productImports.id, id), eq(productImports.worker, worker)))
        .returning({ id: productImports.id })
      return rows.length === 1
    },
    /** Lets go of an import on a graceful close: any process may claim it at once. */
    async releaseImport(id: string, worker: string) {
      await db
        .update(productImports)
        .set({ worker: null, heartbeatAt: null })
        .where(and(eq(productImports.id, id), eq(productImports.worker, worker)))
    },
    /**
     * Takes over one unfinished import whose process stopped saying it is alive `staleMs` ago
     * (or never did: rows from before decision 057). One at a time, skipping rows another
     * process is claiming at the same moment.
     */
    async claimStale(worker: string, staleMs: number): Promise<ProductImportRow | null> {
      // The process's clock throughout, as the heartbeats are written with it.
      const now = new Date()
      const before = new Date(now.getTime() - staleMs)
      const rows = await db.execute<{ id: string }>(sql`
        update ${productImports} set worker = ${worker}, heartbeat_at = ${now.toISOString()}::timestamptz
        where id = (
          select id from ${productImports}
          where status in ('validating', 'running')
            and (heartbeat_at is null or heartbeat_at < ${before.toISOString()}::timestamptz)
          order by created_at
          limit 1
          for update skip locked
        )
        returning id`)
      const id = (rows.rows as Array<{ id: string }>)[0]?.id
      if (!id) return null
      const [row] = await db.select().from(productImports).where(eq(productImports.id, id))
      return row ?? null
    },
    /** Adds errors to an import's list (image failures arrive one by one, from several tasks). */
    async appendErrors(id: string, errors: CatalogImportError[]) {
      if (!errors.length) return
      await db
        .update(productImports)
        .set({ errors: sql`${productImports.errors} || ${JSON.stringify(errors)}::jsonb` })
        .where(eq(productImports.id, id))
    },
    async countImageDone(id: string, n = 1) {
      await db
        .update(productImports)
        .set({ imagesDone: sql`${productImports.imagesDone} + ${n}` })
        .where(eq(productImports.id, id))
    },
    /** The product's photos with where an import took them from, and its title (their alt). */
    async mediaSources(storeId: string, productId: string) {
      const [product] = await db
        .select({ title: products.title })
        .from(products)
        .where(and(eq(products.id, productId), eq(products.storeId, storeId)))
      if (!product) return null
      const media = await db
        .select({ url: productMedia.url, sourceUrl: productMedia.sourceUrl })
        .from(productMedia)
        .where(eq(productMedia.productId, productId))
      return { title: product.title, media }
    },
    /** Appends one photo at the end of the product's, in one statement (position = count). */
    async appendMedia(values: Omit<typeof productMedia.$inferInsert, 'position'>) {
      await db.insert(productMedia).values({
        ...values,
        position: sql`(select count(*)::int from ${productMedia} where product_id = ${values.productId})`,
      })
      await db
        .update(products)
        .set({ updatedAt: new Date() })
        .where(eq(products.id, values.productId))
    },
    async findImport(storeId: string, id: string): Promise<ProductImportRow | null> {
      const [row] = await db
        .select()
        .from(productImports)
        .where(and(eq(productImports.id, id), eq(productImports.storeId, storeId)))
      return row ?? null
    },
  }
}
export type CatalogCsvRepository = ReturnType<typeof createCatalogCsvRepository>
