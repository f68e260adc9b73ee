import { describe, expect, test } from 'vitest'

import {
  buildOrderFilter,
  buildOrderListParams,
  emptyOrderFilters,
  nextOrderSort,
} from '@/features/seller-orders/utils/order-filter'

describe('order list filter', () => {
  test('no choice means no query at all, 25 per page, newest first', () => {
    expect(buildOrderListParams(emptyOrderFilters(), 1)).toEqual({
      page: 1,
      limit: 25,
      sort: '-createdAt',
    })
  })

  test('only the chosen fields go into the JSON filter, the search trimmed', () => {
    const filters = {
      ...emptyOrderFilters(),
      search: '  #1001 ',
      status: 'open' as const,
      deliveryType: 'pickup' as const,
    }
    expect(buildOrderFilter(filters)).toEqual({
      search: '#1001',
      status: 'open',
      deliveryType: 'pickup',
    })
    expect(JSON.parse(buildOrderListParams(filters, 2).query!)).toEqual({
      search: '#1001',
      status: 'open',
      deliveryType: 'pickup',
    })
  })

  test('a column click flips its own direction and starts others descending', () => {
    expect(nextOrderSort('-createdAt', 'createdAt')).toBe('createdAt')
    expect(nextOrderSort('createdAt', 'createdAt')).toBe('-createdAt')
    expect(nextOrderSort('-createdAt', 'total')).toBe('-total')
  })
})
