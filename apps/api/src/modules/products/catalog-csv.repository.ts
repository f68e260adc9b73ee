import { and, asc, eq, gt, inArray, isNotNull } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { collections, products, productVariants } from '../../db/schema/catalog.ts'
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
