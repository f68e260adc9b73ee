import type { PRODUCT_SORTS } from '@barrio/contracts/admin-products'
import { type ProductFilter } from '@barrio/contracts/admin-products'
import { PAGE_SIZES } from '@barrio/contracts/constants'

export type ProductStatusFilter = 'draft' | 'active' | 'archived' | 'all'
export type ProductSort = (typeof PRODUCT_SORTS)[number]
export type SortField = 'title' | 'price' | 'stock' | 'updatedAt'

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

export type ProductListParams = { page: number; limit: number; sort: ProductSort; query?: string }

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

/** The field a sort orders by and its direction. */
export function parseSort(sort: ProductSort): { field: SortField; direction: 'asc' | 'desc' } {
  return sort.startsWith('-')
    ? { field: sort.slice(1) as SortField, direction: 'desc' }
    : { field: sort as SortField, direction: 'asc' }
}

/** Clicking a column: same column flips, another column starts A→Z for titles, newest/highest first otherwise. */
export function nextSort(current: ProductSort, field: SortField): ProductSort {
  const { field: currentField, direction } = parseSort(current)
  if (currentField === field) return (direction === 'asc' ? `-${field}` : field) as ProductSort
  return (field === 'title' ? field : `-${field}`) as ProductSort
}
