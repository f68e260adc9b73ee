import { logisticsSettingsSchema, type LogisticsSettings } from '@barrio/contracts/admin-settings'
import { and, asc, desc, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import {
  collections,
  productCollections,
  productMedia,
  products,
  productVariants,
} from '../../db/schema/catalog.ts'
import { storeLogistics, storeTaxes } from '../../db/schema/store-settings.ts'
import { catalogSettings, stores, storeServiceCells } from '../../db/schema/stores.ts'
import type { CellCandidates } from './catalog.cache.ts'

/**
 * A store's row; the catalogue's reads of stores add its saved logistics (null when the seller
 * never saved them), for the delivery fee and minimum order its answers show (issue 30).
 */
export type StoreRow = typeof stores.$inferSelect & { logistics?: LogisticsSettings | null }
export type ProductRow = typeof products.$inferSelect
export type NearbyStoreRow = StoreRow & { distanceKm: number }
export type Point = { lat: number; lng: number }

/** How far a shop that does not deliver is "near" (spec section 5 location rules). */
export type ServiceRadius = { browseKm: number }

/** Nearby products come from this many nearest serving shops (docs/decisions/006, 020). */
export const NEARBY_SHOPS_CAP = 100

/** A PostgreSQL uuid[] literal of ids that came from the database (uuids only, nothing to quote). */
const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`

/** A store customers may see: active (not archived by its seller) and not suspended by Barrio. */
const storeVisible = () => and(eq(stores.status, 'active'), isNull(stores.suspendedAt))!
/** A product customers may see: active (published) and not hidden by Barrio (issue 24). */
const productVisible = () => and(eq(products.status, 'active'), isNull(products.hiddenAt))!

export function createCatalogRepository(db: Db) {
  /** The rows with their saved logistics, in one more statement. */
  async function withLogistics<R extends typeof stores.$inferSelect>(
    rows: R[],
  ): Promise<Array<R & { logistics: LogisticsSettings | null }>> {
    if (rows.length === 0) return []
    const saved = await db
      .select({ storeId: storeLogistics.storeId, settings: storeLogistics.settings })
      .from(storeLogistics)
      .where(
        inArray(
          storeLogistics.storeId,
          rows.map((r) => r.id),
        ),
      )
    const byStore = new Map<string, LogisticsSettings>()
    for (const { storeId, settings } of saved) {
      // Through the schema, as the settings' own reader does: rows saved before a setting existed.
      const parsed = logisticsSettingsSchema.safeParse(settings)
      if (parsed.success) byStore.set(storeId, parsed.data)
    }
    return rows.map((r) => ({ ...r, logistics: byStore.get(r.id) ?? null }))
  }

  // Prepared once per connection: the two statements of every nearby request.
  const cellCandidates = db
    .select({
      id: storeServiceCells.storeId,
      lat: storeServiceCells.latitude,
      lng: storeServiceCells.longitude,
      serveKm: storeServiceCells.serveKm,
    })
    .from(storeServiceCells)
    .where(eq(storeServiceCells.cell, sql.placeholder('cell')))
    // The primary key's order (free on its range scan): two reads of unchanged rows compare equal.
    .orderBy(storeServiceCells.storeId)
    .prepare('catalog_cell_candidates')
  const storesById = db
    .select()
    .from(stores)
    .where(and(sql`${stores.id} = any(${sql.placeholder('ids')}::uuid[])`, storeVisible()))
    .prepare('catalog_stores_by_id')

  return {
    /**
     * The stores whose serving disc may reach the points of a grid cell: one index range of
     * store_service_cells (docs/decisions/024), no transaction. Exact filtering is the caller's.
     */
    async cellCandidates(cell: number): Promise<CellCandidates> {
      const rows = await cellCandidates.execute({ cell })
      const n = rows.length
      const out: CellCandidates = {
        ids: new Array<string>(n),
        lat: new Float64Array(n),
        lng: new Float64Array(n),
        serveKm: new Float64Array(n),
      }
      for (let i = 0; i < n; i++) {
        const r = rows[i]!
        out.ids[i] = r.id
        out.lat[i] = r.lat
        out.lng[i] = r.lng
        out.serveKm[i] = r.serveKm
      }
      return out
    },

    /** Active stores by id, in no particular order. */
    async storesByIds(ids: readonly string[]): Promise<StoreRow[]> {
      if (ids.length === 0) return []
      return withLogistics(await storesById.execute({ ids: uuidArray(ids) }))
    },

    /** Active products per store (stores without any are left out). */
    async activeProductCounts(storeIds: readonly string[]) {
      if (storeIds.length === 0) return []
      const rows = await db
        .select({ storeId: products.storeId, total: sql<number>`count(*)::int` })
        .from(products)
        .where(
          and(productVisible(), sql`${products.storeId} = any(${uuidArray(storeIds)}::uuid[])`),
        )
        .groupBy(products.storeId)
      return rows.map((r) => ({ storeId: r.storeId, total: Number(r.total) }))
    },

    /**
     * The first `perStore` active products of each store (by title, then id: the nearby list's
     * order within a store) and how many active products each has, in one statement.
     */
    async firstProductsOf(storeIds: readonly string[], perStore: number) {
      if (storeIds.length === 0) return []
      const ids = uuidArray(storeIds)
      // One pass over the stores' rows in products_store_status_idx, numbered per store; no join
      // back to products (the planner would hash-join the whole table).
      const ranked = db
        .select({
          ...getTableColumns(products),
          rn: sql<number>`row_number() over (partition by ${products.storeId} order by ${products.title}, ${products.id})`.as(
            'rn',
          ),
          total: sql<number>`count(*) over (partition by ${products.storeId})`.as('total'),
        })
        .from(products)
        .where(and(productVisible(), sql`${products.storeId} = any(${ids}::uuid[])`))
        .as('ranked')
      const found = await db
        .select()
        .from(ranked)
        .where(sql`${ranked.rn} <= ${perStore}::int`)
        .orderBy(asc(ranked.storeId), asc(ranked.rn))
      const rows = found.map(({ rn: _rn, total, ...product }) => ({ product, total }))
      return rows.map((r) => ({ product: r.product as ProductRow, total: Number(r.total) }))
    },

    /**
     * Makes the serving-area index use BROWSE_RADIUS_KM for stores that do not deliver: when the
     * setting changed since the index was built, rebuilds it (one statement, in the service's
     * transaction).
     */
    async syncBrowseKm(tx: Tx, browseKm: number): Promise<boolean> {
      const changed = await tx
        .update(catalogSettings)
        .set({ browseKm })
        .where(
          and(
            eq(catalogSettings.singleton, true),
            sql`${catalogSettings.browseKm} <> ${browseKm}::float8`,
          ),
        )
        .returning({ singleton: catalogSettings.singleton })
      if (changed.length === 0) return false
      await tx.execute(sql`select store_service_cells_rebuild()`)
      return true
    },

    async listStores(page: { page: number; limit: number }) {
      const where = storeVisible()
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(stores)
          .where(where)
          .orderBy(desc(stores.isOpen), asc(stores.name), asc(stores.id))
          .limit(page.limit)
          .offset((page.page - 1) * page.limit),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(stores)
          .where(where),
      ])
      return { rows: await withLogistics(rows), total: count?.total ?? 0 }
    },

    /**
     * Active stores that ship to a province (their saved shipping rules name it, as checkout reads
     * them), nearest first from a point (earthdistance, the GiST index's measure), else open
     * first and by name; one page and the total.
     */
    async listShippingStores(filter: {
      provinceCode: string
      point: Point | null
      page: number
      limit: number
    }) {
      const where = and(
        storeVisible(),
        sql`'shipping' = any(${stores.deliveryTypes})`,
        sql`${storeLogistics.settings} -> 'shipping' -> 'provinces' @> ${JSON.stringify([{ code: filter.provinceCode }])}::jsonb`,
      )
      const order = filter.point
        ? [
            sql`earth_distance(ll_to_earth(${stores.latitude}, ${stores.longitude}), ll_to_earth(${filter.point.lat}::float8, ${filter.point.lng}::float8))`,
            asc(stores.id),
          ]
        : [desc(stores.isOpen), asc(stores.name), asc(stores.id)]
      const [rows, [count]] = await Promise.all([
        db
          .select({ store: stores })
          .from(stores)
          .innerJoin(storeLogistics, eq(storeLogistics.storeId, stores.id))
          .where(where)
          .orderBy(...order)
          .limit(filter.limit)
          .offset((filter.page - 1) * filter.limit),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(stores)
          .innerJoin(storeLogistics, eq(storeLogistics.storeId, stores.id))
          .where(where),
      ])
      return {
        rows: await withLogistics(rows.map((r) => r.store)),
        total: Number(count?.total ?? 0),
      }
    },

    async findStore(idOrHandle: string, isUuid: boolean): Promise<StoreRow | null> {
      const [row] = await db
        .select()
        .from(stores)
        .where(
          and(storeVisible(), isUuid ? eq(stores.id, idOrHandle) : eq(stores.handle, idOrHandle)),
        )
      return row ? ((await withLogistics([row]))[0] ?? null) : null
    },

    async storeCollections(storeId: string) {
      return db
        .select({
          id: collections.id,
          title: collections.title,
          handle: collections.handle,
          description: collections.description,
          imageUrl: collections.imageUrl,
          productCount: sql<number>`(select count(*)::int from ${productCollections} pc
            join ${products} p on p.id = pc.product_id and p.status = 'active' and p.hidden_at is null
            where pc.collection_id = "collections"."id")`,
        })
        .from(collections)
        .where(eq(collections.storeId, storeId))
        .orderBy(asc(collections.position), asc(collections.title))
    },

    /**
     * One page of active products with their store, filtered, plus the total. Near a point the
     * candidates are the products of the NEARBY_SHOPS_CAP nearest shops that serve it (found
     * through the GiST index), open shops first, then nearest.
     */
    async listProducts(filter: {
      near?: { storeIds: readonly string[] }
      storeId?: string
      collectionId?: string
      page: number
      limit: number
    }) {
      const conditions: SQL[] = [productVisible(), storeVisible()]
      if (filter.storeId) conditions.push(eq(products.storeId, filter.storeId))
      if (filter.collectionId) {
        conditions.push(
          sql`exists (select 1 from ${productCollections} pc where pc.product_id = ${products.id} and pc.collection_id = ${filter.collectionId})`,
        )
      }
      const where = and(...conditions)
      const offset = (filter.page - 1) * filter.limit

      if (filter.near) {
        // The serving shops, nearest first (ties by id), come from the caller: open shops first,
        // then that order, then title. The window count rides along with the page.
        const ids = uuidArray(filter.near.storeIds)
        const rank = sql`array_position(${ids}::uuid[], ${products.storeId})`
        const rows = await db
          .select({ product: products, store: stores, total: sql<number>`count(*) over ()` })
          .from(products)
          .innerJoin(stores, eq(stores.id, products.storeId))
          .where(and(where, sql`${products.storeId} = any(${ids}::uuid[])`))
          .orderBy(desc(stores.isOpen), rank, asc(products.title), asc(products.id))
          .limit(filter.limit)
          .offset(offset)
        let total = Number(rows[0]?.total ?? 0)
        if (rows.length === 0 && offset > 0) {
          const [count] = await db
            .select({ total: sql<number>`count(*)::int` })
            .from(products)
            .innerJoin(stores, eq(stores.id, products.storeId))
            .where(and(where, sql`${products.storeId} = any(${ids}::uuid[])`))
          total = Number(count?.total ?? 0)
        }
        return { rows: rows.map((r) => ({ product: r.product, store: r.store })), total }
      }

      const [rows, [count]] = await Promise.all([
        db
          .select({ product: products, store: stores })
          .from(products)
          .innerJoin(stores, eq(stores.id, products.storeId))
          .where(where)
          .orderBy(desc(stores.isOpen), desc(products.createdAt), asc(products.id))
          .limit(filter.limit)
          .offset(offset),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(products)
          .innerJoin(stores, eq(stores.id, products.storeId))
          .where(where),
      ])
      return { rows, total: Number(count?.total ?? 0) }
    },

    async findProduct(by: { id: string } | { storeId: string; handle: string }) {
      const match =
        'id' in by
          ? eq(products.id, by.id)
          : and(eq(products.storeId, by.storeId), eq(products.handle, by.handle))
      const [row] = await db
        .select({ product: products, store: stores })
        .from(products)
        .innerJoin(stores, eq(stores.id, products.storeId))
        .where(and(match, productVisible(), storeVisible()))
      return row ?? null
    },

    /** Variants, media and collection ids of many products in three queries (no N+1). */
    /** Active products of active stores by id with their store, in the order of `ids`. */
    async productsByIds(ids: readonly string[]) {
      if (ids.length === 0) return []
      const rows = await db
        .select({ product: products, store: stores })
        .from(products)
        .innerJoin(stores, eq(stores.id, products.storeId))
        .where(
          and(
            sql`${products.id} = any(${uuidArray(ids)}::uuid[])`,
            productVisible(),
            storeVisible(),
          ),
        )
      const byId = new Map(rows.map((r) => [r.product.id, r]))
      return ids.flatMap((id) => {
        const row = byId.get(id)
        return row ? [row] : []
      })
    },

    async productDetails(productIds: string[]) {
      if (productIds.length === 0) return { variants: [], media: [], memberships: [], taxes: [] }
      const [variants, media, memberships, taxes] = await Promise.all([
        db
          .select()
          .from(productVariants)
          .where(inArray(productVariants.productId, productIds))
          .orderBy(asc(productVariants.position), asc(productVariants.priceCents)),
        db
          .select()
          .from(productMedia)
          .where(inArray(productMedia.productId, productIds))
          .orderBy(asc(productMedia.position)),
        db
          .select({
            productId: productCollections.productId,
            collectionId: productCollections.collectionId,
          })
          .from(productCollections)
          .where(inArray(productCollections.productId, productIds)),
        // The stores' taxes, for the price without national taxes (decision 050).
        db
          .select({
            storeId: storeTaxes.storeId,
            rateBasisPoints: storeTaxes.rateBasisPoints,
            appliesTo: storeTaxes.appliesTo,
            collectionIds: storeTaxes.collectionIds,
            included: storeTaxes.included,
          })
          .from(storeTaxes)
          .where(
            inArray(
              storeTaxes.storeId,
              db
                .selectDistinct({ storeId: products.storeId })
                .from(products)
                .where(inArray(products.id, productIds)),
            ),
          )
          .orderBy(asc(storeTaxes.createdAt)),
      ])
      return { variants, media, memberships, taxes }
    },

    async findCollection(storeId: string, idOrHandle: string, isUuid: boolean) {
      const [row] = await db
        .select({ id: collections.id })
        .from(collections)
        .where(
          and(
            eq(collections.storeId, storeId),
            isUuid ? eq(collections.id, idOrHandle) : eq(collections.handle, idOrHandle),
          ),
        )
      return row ?? null
    },
  }
}
export type CatalogRepository = ReturnType<typeof createCatalogRepository>
