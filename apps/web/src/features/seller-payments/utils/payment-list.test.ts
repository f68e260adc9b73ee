import { describe, expect, test } from 'vitest'

import {
  buenosAiresToday,
  buildPaymentFilter,
  paymentListSchema,
  periodRange,
} from '@/features/seller-payments/utils/payment-list'

// 02:30 UTC on March 1st is still February 28th in Buenos Aires.
const lateFeb = new Date('2026-03-01T02:30:00Z')

describe('payment periods in Buenos Aires days', () => {
  test('today follows Buenos Aires, not UTC', () => {
    expect(buenosAiresToday(lateFeb)).toBe('2026-02-28')
    expect(periodRange('today', lateFeb)).toEqual({ from: '2026-02-28', to: '2026-02-28' })
  })

  test('7 and 30 days include today; months are calendar months', () => {
    expect(periodRange('7d', lateFeb)).toEqual({ from: '2026-02-22', to: '2026-02-28' })
    expect(periodRange('30d', lateFeb)).toEqual({ from: '2026-01-30', to: '2026-02-28' })
    expect(periodRange('month', lateFeb)).toEqual({ from: '2026-02-01', to: '2026-02-28' })
    expect(periodRange('lastMonth', lateFeb)).toEqual({ from: '2026-01-01', to: '2026-01-31' })
    expect(periodRange('lastMonth', new Date('2026-01-15T15:00:00Z'))).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    })
  })

  test('the URL values become the whitelisted filter; bad values fall back', () => {
    const values = paymentListSchema.parse({ period: 'today', method: 'cash', status: 'nope' })
    expect(buildPaymentFilter(values, lateFeb)).toEqual({
      createdAt: { from: '2026-02-28', to: '2026-02-28' },
      method: 'cash',
    })
  })
})
