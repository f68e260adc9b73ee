import { describe, expect, test } from 'vitest'

import {
  buildOrderFilter,
  buildOrderListParams,
  emptyOrderFilters,
  orderListSchema,
} from '@/features/admin-orders/utils/order-filter'

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

  test('a day of scheduled orders is a param of its own, not part of the JSON filter', () => {
    expect(
      buildOrderListParams({ ...emptyOrderFilters(), day: '2026-12-01' }, 1, 'scheduledFor'),
    ).toEqual({ page: 1, limit: 25, sort: 'scheduledFor', scheduledDay: '2026-12-01' })
    const parse = (search: string) =>
      orderListSchema.parse(Object.fromEntries(new URLSearchParams(search)))
    expect(parse('day=2026-12-01&sort=-scheduledFor')).toMatchObject({
      day: '2026-12-01',
      sort: '-scheduledFor',
    })
    expect(parse('day=2026-02-30').day).toBeNull()
    expect(parse('day=mañana').day).toBeNull()
  })

  test('the URL params parse to the list state; bad ones fall back to their defaults', () => {
    const parse = (search: string) =>
      orderListSchema.parse(Object.fromEntries(new URLSearchParams(search)))
    expect(parse('')).toEqual({
      page: 1,
      sort: '-createdAt',
      q: '',
      status: 'all',
      paymentStatus: 'all',
      deliveryType: 'all',
      unpaid: false,
      day: null,
    })
    expect(parse('page=3&sort=total&status=open&unpaid=1&q=%231001')).toMatchObject({
      page: 3,
      sort: 'total',
      status: 'open',
      unpaid: true,
      q: '#1001',
    })
    expect(parse('page=-2&sort=price&status=lost&paymentStatus=paid')).toMatchObject({
      page: 1,
      sort: '-createdAt',
      status: 'all',
      paymentStatus: 'paid',
    })
  })
})
