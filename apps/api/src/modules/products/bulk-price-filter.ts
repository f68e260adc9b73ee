import type { BulkPriceFilter } from '@barrio/contracts/price-changes'
import { inArray, sql, type SQL } from 'drizzle-orm'
import { products } from '../../db/schema/catalog.ts'
import { productFilterConditions } from './product-filter.ts'

/**
 * A bulk price change's products as SQL (decision 053): the products list's own conditions, so
 * "Actualizar precios" acts on exactly what the list shows, plus the products picked by hand and
 * tags. Always within the store.
 */
export function bulkPriceConditions(storeId: string, filter: BulkPriceFilter): SQL[] {
  const { productIds, tags, ...listFilter } = filter
  const conditions = productFilterConditions(storeId, listFilter)
  if (productIds?.length) conditions.push(inArray(products.id, productIds))
  if (tags?.length) {
    conditions.push(
      sql`${products.tags} && array[${sql.join(
        tags.map((tag) => sql`${tag}`),
        sql`, `,
      )}]::text[]`,
    )
  }
  return conditions
}
