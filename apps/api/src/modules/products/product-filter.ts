import type { ProductFilter } from '@barrio/contracts/admin-products'
import { and, eq, gt, gte, inArray, or, sql, type SQL } from 'drizzle-orm'
import { productCollections, products, productVariants } from '../../db/schema/catalog.ts'
import { containsPattern, sellerTextMatch } from '../../lib/search.ts'

/** Translates a validated filter to SQL conditions; every value is a bound parameter. */
export function productFilterConditions(storeId: string, filter: ProductFilter): SQL[] {
  const conditions: SQL[] = [eq(products.storeId, storeId)]
  const search = typeof filter.search === 'string' ? filter.search : filter.search?.$contains
  if (search) {
    const term = containsPattern(search)
    conditions.push(
      or(
        sellerTextMatch(sql`${products.title}`, search, sql`${products}.search_vector`),
        sql`exists (select 1 from ${productVariants} v where v.product_id = ${products.id} and lower(v.sku) like ${term})`,
      )!,
    )
  }
  if (filter.status) {
    const s = filter.status
    conditions.push(
      typeof s === 'string'
        ? eq(products.status, s)
        : '$eq' in s
          ? eq(products.status, s.$eq)
          : inArray(products.status, s.$in),
    )
  }
  if (filter.collectionId) {
    const c = filter.collectionId
    const ids = typeof c === 'string' ? [c] : '$eq' in c ? [c.$eq] : c.$in
    conditions.push(
      sql`exists (select 1 from ${productCollections} pc where pc.product_id = ${products.id} and pc.collection_id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}))`,
    )
  }
  if (filter.price) {
    const p = filter.price
    const parts: SQL[] = []
    if (p.$gte !== undefined) parts.push(sql`v.price_cents >= ${p.$gte}`)
    if (p.$gt !== undefined) parts.push(sql`v.price_cents > ${p.$gt}`)
    if (p.$lte !== undefined) parts.push(sql`v.price_cents <= ${p.$lte}`)
    if (p.$lt !== undefined) parts.push(sql`v.price_cents < ${p.$lt}`)
    if (parts.length) {
      conditions.push(
        sql`exists (select 1 from ${productVariants} v where v.product_id = ${products.id} and ${sql.join(parts, sql` and `)})`,
      )
    }
  }
  if (filter.stock) {
    const s = filter.stock
    const limit =
      s.$lt !== undefined
        ? sql`v.stock_quantity < ${s.$lt}`
        : s.$lte !== undefined
          ? sql`v.stock_quantity <= ${s.$lte}`
          : null
    if (limit) {
      conditions.push(
        sql`exists (select 1 from ${productVariants} v where v.product_id = ${products.id} and v.track_stock and ${limit})`,
      )
    }
  }
  if (filter.updatedAt) {
    const u = filter.updatedAt
    if (u.$gte) conditions.push(gte(products.updatedAt, new Date(u.$gte)))
    if (u.$gt) conditions.push(gt(products.updatedAt, new Date(u.$gt)))
  }
  return [and(...conditions)!]
}
