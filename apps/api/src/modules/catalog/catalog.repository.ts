import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { containsPattern, folded } from '../../lib/search.ts'
import {
  collections,
  productCollections,
  productMedia,
  products,
  productVariants,
} from '../../db/schema/catalog.ts'
import { stores } from '../../db/schema/stores.ts'

export type StoreRow = typeof stores.$inferSelect
export type ProductRow = typeof products.$inferSelect
export type NearbyStoreRow = StoreRow & { distanceKm: number }
export type Point = { lat: number; lng: number }

/** How far a shop is "near" (spec section 5 location rules; see catalog.service for the rule). */
export type ServiceRadius = { browseKm: number; maxKm: number }

const EARTH_KM = 6371
/** Nearby shop lists count at most this many shops (totalDocs is capped). */
export const NEARBY_COUNT_CAP = 1000
/** Nearby products come from this many nearest serving shops. */
export const NEARBY_SHOPS_CAP = 100
/** Exact great-circle km (haversine) from a point to a store row, in SQL. */
function haversineKm(p: Point): SQL<number> {
  return sql<number>`(2 * ${EARTH_KM} * asin(sqrt(
    power(sin(radians(${stores.latitude} - ${p.lat}) / 2), 2) +
    cos(radians(${p.lat})) * cos(radians(${stores.latitude})) * power(sin(radians(${stores.longitude} - ${p.lng}) / 2), 2)
  )))`
}
const earthPoint = (p: Point) => sql`ll_to_earth(${p.lat}::float8, ${p.lng}::float8)`
const storeEarth = sql`ll_to_earth(${stores.latitude}, ${stores.longitude})`

/**
 * Shops that serve a point: the earth_box test uses the GiST index on ll_to_earth, then the
 * exact haversine distance must be within the shop's own radius — the delivery radius when it
 * delivers, the browsing radius otherwise.
 */
function servesPoint(p: Point, radius: ServiceRadius): SQL {
  return and(
    eq(stores.status, 'active'),
    sql`earth_box(${earthPoint(p)}, ${radius.maxKm * 1000}::float8) @> ${storeEarth}`,
    sql`${haversineKm(p)} <= case when 'delivery' = any(${stores.deliveryTypes})
          then greatest(${stores.deliveryRadiusKm}, 0) else ${radius.browseKm}::float8 end`,
  )!
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export function createCatalogRepository(db: Db) {
  /**
   * Runs nearby queries with bitmap scans off. PostgreSQL estimates the earth_box test at 0.1 % of
   * the rows whatever the density, so in a dense city it picks a bitmap scan plus a sort of every
   * shop in the box (~100 ms at 100k shops) over the KNN index scan that stops after the first page
   * (~1-5 ms). SET LOCAL keeps the setting inside this transaction.
   */
  async function withKnnScans<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_bitmapscan = off`)
      return fn(tx)
    })
  }

  return {
    async nearbyStores(p: Point, radius: ServiceRadius, page: { page: number; limit: number }) {
      const where = servesPoint(p, radius)
      return withKnnScans(async (tx) => {
        const rows = await tx
          .select({ store: stores, distanceKm: haversineKm(p) })
          .from(stores)
          .where(where)
          // KNN order through the GiST index, nearest first. No tie-breaker column: a second sort
          // key would make PostgreSQL fetch and sort every shop in the box (bench/README.md).
          .orderBy(sql`${storeEarth} <-> ${earthPoint(p)}`)
          .limit(page.limit)
          .offset((page.page - 1) * page.limit)
        // Counting every shop of a dense city on each request is the slow part; nobody pages past
        // the first thousand, so the count stops there (docs/decisions/006).
        const counted = await tx.execute<{ total: number }>(
          sql`select count(*)::int as total from (select 1 from ${stores} where ${where} limit ${NEARBY_COUNT_CAP}::int) capped`,
        )
        return {
          rows: rows.map((r) => ({ ...r.store, distanceKm: Number(r.distanceKm) })),
          total: Number(counted.rows[0]?.total ?? 0),
        }
      })
    },

    async listStores(page: { page: number; limit: number }) {
      const where = eq(stores.status, 'active')
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
      return { rows, total: count?.total ?? 0 }
    },

    async findStore(idOrHandle: string, isUuid: boolean): Promise<StoreRow | null> {
      const [row] = await db
        .select()
        .from(stores)
        .where(
          and(
            eq(stores.status, 'active'),
            isUuid ? eq(stores.id, idOrHandle) : eq(stores.handle, idOrHandle),
          ),
        )
      return row ?? null
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
            join ${products} p on p.id = pc.product_id and p.status = 'active'
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
      near?: { point: Point; radius: ServiceRadius }
      storeId?: string
      q?: string
      collectionId?: string
      page: number
      limit: number
    }) {
      const conditions: SQL[] = [eq(products.status, 'active'), eq(stores.status, 'active')]
      if (filter.storeId) conditions.push(eq(products.storeId, filter.storeId))
      if (filter.q) {
        const term = containsPattern(filter.q)
        conditions.push(
          or(
            sql`${folded(products.title)} like ${term}`,
            sql`${folded(products.description)} like ${term}`,
            sql`exists (select 1 from unnest(${products.tags}) t where ${folded(sql`t`)} like ${term})`,
          )!,
        )
      }
      if (filter.collectionId) {
        conditions.push(
          sql`exists (select 1 from ${productCollections} pc where pc.product_id = ${products.id} and pc.collection_id = ${filter.collectionId})`,
        )
      }
      const where = and(...conditions)
      const offset = (filter.page - 1) * filter.limit

      if (filter.near) {
        const { point, radius } = filter.near
        const near = db.$with('near').as(
          db
            .select({
              id: stores.id,
              distanceKm: sql<number>`${haversineKm(point)}`.as('distance_km'),
            })
            .from(stores)
            .where(servesPoint(point, radius))
            .orderBy(sql`${storeEarth} <-> ${earthPoint(point)}`)
            .limit(NEARBY_SHOPS_CAP),
        )
        const [rows, [count]] = await withKnnScans((tx) =>
          Promise.all([
            tx
              .with(near)
              .select({ product: products, store: stores, distanceKm: near.distanceKm })
              .from(near)
              .innerJoin(stores, eq(stores.id, near.id))
              .innerJoin(products, eq(products.storeId, near.id))
              .where(where)
              .orderBy(
                desc(stores.isOpen),
                asc(near.distanceKm),
                asc(products.title),
                asc(products.id),
              )
              .limit(filter.limit)
              .offset(offset),
            tx
              .with(near)
              .select({ total: sql<number>`count(*)::int` })
              .from(near)
              .innerJoin(stores, eq(stores.id, near.id))
              .innerJoin(products, eq(products.storeId, near.id))
              .where(where),
          ]),
        )
        return {
          rows: rows.map((r) => ({ ...r, distanceKm: Number(r.distanceKm) })),
          total: Number(count?.total ?? 0),
        }
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
        .where(and(match, eq(products.status, 'active'), eq(stores.status, 'active')))
      return row ?? null
    },

    /** Variants, media and collection ids of many products in three queries (no N+1). */
    async productDetails(productIds: string[]) {
      if (productIds.length === 0) return { variants: [], media: [], memberships: [] }
      const [variants, media, memberships] = await Promise.all([
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
      ])
      return { variants, media, memberships }
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
