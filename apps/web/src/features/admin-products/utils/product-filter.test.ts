import { productFilterSchema } from '@barrio/contracts/admin-products'
import { describe, expect, test } from 'vitest'

import {
  buildProductFilter,
  buildProductListParams,
  emptyProductFilters,
  productFiltersOf,
  productListSchema,
} from '@/features/admin-products/utils/product-filter'

const COLLECTION = '5a6b7c8d-9e0f-4a1b-8c2d-4e5f6a7b8c9d'

describe('the JSON filter of the product list', () => {
  test('no filters means no query at all', () => {
    expect(buildProductFilter(emptyProductFilters())).toBeUndefined()
    expect(buildProductListParams(emptyProductFilters(), 1, '-updatedAt')).toEqual({
      page: 1,
      limit: 10,
      sort: '-updatedAt',
    })
  })

  test('every filter becomes its field and operator, and the result passes the contract', () => {
    const filter = buildProductFilter({
      search: '  yerba ',
      status: 'active',
      collectionId: COLLECTION,
      lowStockOnly: true,
      lowStockBelow: 4,
      priceMin: 100_000,
      priceMax: 500_000,
    })
    expect(filter).toEqual({
      search: 'yerba',
      status: 'active',
      collectionId: COLLECTION,
      price: { $gte: 100_000, $lte: 500_000 },
      stock: { $lt: 4 },
    })
    expect(productFilterSchema.safeParse(filter).success).toBe(true)
  })

  test('a single price bound and a reversed range', () => {
    expect(buildProductFilter({ ...emptyProductFilters(), priceMax: 99_900 })).toEqual({
      price: { $lte: 99_900 },
    })
    expect(
      buildProductFilter({ ...emptyProductFilters(), priceMin: 5000, priceMax: 1000 }),
    ).toEqual({ price: { $gte: 1000, $lte: 5000 } })
  })

  test('"Todos" and an empty search add nothing; the query travels as JSON text', () => {
    const params = buildProductListParams(
      { ...emptyProductFilters(), search: '   ', status: 'draft' },
      3,
      'title',
    )
    expect(params).toEqual({ page: 3, limit: 10, sort: 'title', query: '{"status":"draft"}' })
  })

  test('the URL params become the filters; bad ones fall back to their defaults', () => {
    const parse = (search: string) =>
      productListSchema.parse(Object.fromEntries(new URLSearchParams(search)))
    expect(productFiltersOf(parse(''))).toEqual(emptyProductFilters())
    const values = parse(
      `status=active&collection=${COLLECTION}&lowStock=1&below=3&min=1000&sort=title`,
    )
    expect(values.sort).toBe('title')
    expect(buildProductFilter(productFiltersOf(values))).toEqual({
      status: 'active',
      collectionId: COLLECTION,
      price: { $gte: 1000 },
      stock: { $lt: 3 },
    })
    expect(parse('status=gone&below=0&min=abc&sort=color')).toMatchObject({
      status: 'all',
      below: 5,
      min: null,
      sort: '-updatedAt',
    })
  })
})
