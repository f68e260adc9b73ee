import type { BulkPriceFilter } from '@barrio/contracts/price-changes'
import { and, asc, count, desc, eq, isNull, sql, type SQLWrapper } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../../db/client.ts'
import { products, productVariants } from '../../db/schema/catalog.ts'
import { priceChangeItems, priceChanges } from '../../db/schema/price-changes.ts'
import { users } from '../../db/schema/users.ts'
import { bulkPriceConditions } from './bulk-price-filter.ts'

type Reader = Db | Tx

/** Rows per INSERT: 10 columns each, far below PostgreSQL's 65535 bound parameters. */
const CHUNK = 1000

export type MatchedVariant = {
  productId: string
  variantId: string
  title: string
  /** Null for the default variant of a product without options. */
  variantTitle: string | null
  price: number
  compareAtPrice: number | null
}

export type NewPriceChangeItem = {
  variantId: string
  productId: string
  title: string
  variantTitle: string | null
  priceBefore: number
  priceAfter: number
  compareAtBefore: number | null
  compareAtAfter: number | null
  position: number
}

type NameColumns = {
  firstName: SQLWrapper
  lastName: SQLWrapper
  userName: SQLWrapper
  email: SQLWrapper
}
const displayName = (t: NameColumns) =>
  sql<string>`coalesce(nullif(trim(concat_ws(' ', ${t.firstName}, ${t.lastName})), ''), ${t.userName}, ${t.email})`

/** Bulk price changes and their items (issue 28, decision 053); the variants' prices they move. */
export function createPriceChangesRepository(db: Db) {
  return {
    /**
     * Every variant of the store's products the filter matches, in the preview's order (product
     * title, then variant position). `lock` takes the variants' rows for the change's transaction.
     */
    async matchingVariants(
      reader: Reader,
      storeId: string,
      filter: BulkPriceFilter,
      opts: { lock?: boolean } = {},
    ): Promise<MatchedVariant[]> {
      const query = reader
        .select({
          productId: products.id,
          variantId: productVariants.id,
          title: products.title,
          variantTitle: sql<
            string | null
          >`case when cardinality(${products.options}) = 0 then null else ${productVariants.title} end`,
          price: productVariants.priceCents,
          compareAtPrice: productVariants.compareAtPriceCents,
        })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(and(...bulkPriceConditions(storeId, filter)))
        .orderBy(asc(products.title), asc(products.id), asc(productVariants.position))
      return opts.lock ? query.for('update', { of: productVariants }) : query
    },

    async insertChange(tx: Tx, values: typeof priceChanges.$inferInsert) {
      const [row] = await tx.insert(priceChanges).values(values).returning()
      return row!
    },

    /** The items, then every variant they name set to its new prices, in the caller's transaction. */
    async applyItems(tx: Tx, changeId: string, items: NewPriceChangeItem[]) {
      for (let i = 0; i < items.length; i += CHUNK) {
        await tx
          .insert(priceChangeItems)
          .values(items.slice(i, i + CHUNK).map((item) => ({ ...item, changeId })))
      }
      // One statement over the stored items: no bound parameter per variant.
      await tx.execute(sql`
        update ${productVariants} v
           set price_cents = i.price_after,
               compare_at_price_cents = i.compare_at_after,
               updated_at = now()
          from ${priceChangeItems} i
         where i.change_id = ${changeId} and v.id = i.variant_id`)
      await tx.execute(sql`
        update ${products} set updated_at = now()
         where id in (select product_id from ${priceChangeItems} where change_id = ${changeId})`)
    },

    /** The store's changes, newest first, with who made and undid them. */
    async list(storeId: string, page: { page: number; limit: number }) {
      const actor = alias(users, 'actor')
      const undoer = alias(users, 'undoer')
      const where = eq(priceChanges.storeId, storeId)
      const [rows, [total]] = await Promise.all([
        db
          .select({
            change: priceChanges,
            actorName: displayName(actor),
            undoerName: displayName(undoer),
          })
          .from(priceChanges)
          .leftJoin(actor, eq(actor.id, priceChanges.actorId))
          .leftJoin(undoer, eq(undoer.id, priceChanges.undoneBy))
          .where(where)
          .orderBy(desc(priceChanges.createdAt), desc(priceChanges.id))
          .limit(page.limit)
          .offset((page.page - 1) * page.limit),
        db.select({ n: count() }).from(priceChanges).where(where),
      ])
      return { rows, total: Number(total?.n ?? 0) }
    },

    async find(reader: Reader, storeId: string, id: string) {
      const [row] = await reader
        .select()
        .from(priceChanges)
        .where(and(eq(priceChanges.id, id), eq(priceChanges.storeId, storeId)))
      return row ?? null
    },

    /** Marks the change undone, once: null when it was already (or is not the store's). */
    async markUndone(tx: Tx, storeId: string, id: string, by: string) {
      const [row] = await tx
        .update(priceChanges)
        .set({ undoneAt: new Date(), undoneBy: by })
        .where(
          and(
            eq(priceChanges.id, id),
            eq(priceChanges.storeId, storeId),
            isNull(priceChanges.undoneAt),
          ),
        )
        .returning({ id: priceChanges.id })
      return row ?? null
    },

    /**
     * Puts back the prices before the change on every variant of the store that still has
     * exactly the prices the change left (both of them); answers the variants restored. The
     * condition is re-checked on each row as it is updated, so a concurrent edit is never undone.
     */
    async restoreUnchanged(tx: Tx, storeId: string, changeId: string): Promise<Set<string>> {
      const rows = await tx
        .update(productVariants)
        .set({
          priceCents: sql`${priceChangeItems.priceBefore}`,
          compareAtPriceCents: sql`${priceChangeItems.compareAtBefore}`,
          updatedAt: new Date(),
        })
        .from(priceChangeItems)
        .where(
          and(
            eq(priceChangeItems.changeId, changeId),
            eq(productVariants.id, priceChangeItems.variantId),
            eq(productVariants.priceCents, priceChangeItems.priceAfter),
            sql`${productVariants.compareAtPriceCents} is not distinct from ${priceChangeItems.compareAtAfter}`,
            sql`exists (select 1 from ${products} p where p.id = ${productVariants.productId} and p.store_id = ${storeId})`,
          ),
        )
        .returning({ id: productVariants.id })
      const restored = new Set(rows.map((r) => r.id))
      if (restored.size) {
        await tx.execute(sql`
          update ${products} set updated_at = now()
           where store_id = ${storeId}
             and id in (select product_id from ${priceChangeItems} where change_id = ${changeId})`)
      }
      return restored
    },

    /** The change's items with each variant's prices now (null: deleted), in the preview's order. */
    async itemsWithCurrent(tx: Tx, storeId: string, changeId: string) {
      return tx
        .select({
          item: priceChangeItems,
          currentPrice: productVariants.priceCents,
          currentCompareAt: productVariants.compareAtPriceCents,
        })
        .from(priceChangeItems)
        .leftJoin(
          productVariants,
          and(
            eq(productVariants.id, priceChangeItems.variantId),
            sql`exists (select 1 from ${products} p where p.id = ${productVariants.productId} and p.store_id = ${storeId})`,
          ),
        )
        .where(eq(priceChangeItems.changeId, changeId))
        .orderBy(asc(priceChangeItems.position))
    },

    async recordUndoCounts(tx: Tx, id: string, counts: { restored: number; left: number }) {
      await tx
        .update(priceChanges)
        .set({ restoredCount: counts.restored, leftCount: counts.left })
        .where(eq(priceChanges.id, id))
    },
  }
}
export type PriceChangesRepository = ReturnType<typeof createPriceChangesRepository>
