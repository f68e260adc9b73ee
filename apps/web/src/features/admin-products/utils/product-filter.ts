import {
  PRODUCT_SORTS,
  PRODUCT_STATUSES,
  type ProductFilter,
} from '@barrio/contracts/admin-products'
import { PAGE_SIZES } from '@barrio/contracts/constants'
import { z } from 'zod'

import type { ProductListParams } from '@/api/admin/products/get-products'
import {
  enumParam,
  flagParam,
  idParam,
  intParam,
  optionalIntParam,
  pageParam,
  textParam,
} from '@/components/admin/list/list-params'

export type ProductStatusFilter = 'draft' | 'active' | 'archived' | 'all'
export type ProductSort = (typeof PRODUCT_SORTS)[number]

/** What the seller picked above the product table. Prices are in centavos. */
export type ProductListFilters = {
  search: string
  status: ProductStatusFilter
  collectionId: string | null
  lowStockOnly: boolean
  /** "Stock bajo" means fewer units than this. */
  lowStockBelow: number
  priceMin: number | null
  priceMax: number | null
}

export const DEFAULT_LOW_STOCK_BELOW = 5
export const DEFAULT_PRODUCT_SORT: ProductSort = '-updatedAt'

/** The product list's URL: /admin/inventory/products?status=active&lowStock=1&below=3&sort=title. */
export const productListSchema = z.object({
  page: pageParam(),
  sort: enumParam(PRODUCT_SORTS, DEFAULT_PRODUCT_SORT),
  q: textParam(),
  status: enumParam(['all', ...PRODUCT_STATUSES], 'all'),
  collection: idParam(),
  lowStock: flagParam(),
  below: intParam(DEFAULT_LOW_STOCK_BELOW, { min: 1, max: 100_000 }),
  /** Price bounds in centavos. */
  min: optionalIntParam(),
  max: optionalIntParam(),
})
export type ProductListValues = z.infer<typeof productListSchema>

/** The filters the URL describes. */
export function productFiltersOf(values: ProductListValues): ProductListFilters {
  return {
    search: values.q,
    status: values.status,
    collectionId: values.collection,
    lowStockOnly: values.lowStock,
    lowStockBelow: values.below,
    priceMin: values.min,
    priceMax: values.max,
  }
}

export function emptyProductFilters(): ProductListFilters {
  return {
    search: '',
    status: 'all',
    collectionId: null,
    lowStockOnly: false,
    lowStockBelow: DEFAULT_LOW_STOCK_BELOW,
    priceMin: null,
    priceMax: null,
  }
}

/**
 * The JSON `query` of GET /admin/products (productFilterSchema). Only chosen filters appear;
 * with none, there is no filter at all.
 */
export function buildProductFilter(filters: ProductListFilters): ProductFilter | undefined {
  const filter: ProductFilter = {}
  const search = filters.search.trim()
  if (search) filter.search = search.slice(0, 100)
  if (filters.status !== 'all') filter.status = filters.status
  if (filters.collectionId) filter.collectionId = filters.collectionId
  if (filters.priceMin !== null || filters.priceMax !== null) {
    let min = filters.priceMin
    let max = filters.priceMax
    // "Desde 5000 hasta 1000" is read as the range between both.
    if (min !== null && max !== null && min > max) [min, max] = [max, min]
    filter.price = {}
    if (min !== null) filter.price.$gte = min
    if (max !== null) filter.price.$lte = max
  }
  if (filters.lowStockOnly) filter.stock = { $lt: Math.max(0, Math.round(filters.lowStockBelow)) }
  return Object.keys(filter).length > 0 ? filter : undefined
}

export type { ProductListParams }

export function buildProductListParams(
  filters: ProductListFilters,
  page: number,
  sort: ProductSort,
): ProductListParams {
  const filter = buildProductFilter(filters)
  return {
    page,
    limit: PAGE_SIZES.adminProducts,
    sort,
    ...(filter ? { query: JSON.stringify(filter) } : {}),
  }
}
