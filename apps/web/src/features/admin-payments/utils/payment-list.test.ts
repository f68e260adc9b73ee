import { describe, expect, test } from 'vitest'

import {
  buildPaymentFilter,
  paymentListSchema,
  paymentRange,
  periodRange,
} from '@/features/admin-payments/utils/payment-list'

// 02:30 UTC on March 1st is still February 28th in Buenos Aires.
const lateFeb = new Date('2026-03-01T02:30:00Z')

describe('payment periods in Buenos Aires days', () => {
  test('today follows Buenos Aires, not UTC', () => {
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
    expect(buildPaymentFilter(values, paymentRange(values, lateFeb).range!)).toEqual({
      createdAt: { from: '2026-02-28', to: '2026-02-28' },
      method: 'cash',
    })
  })
})

describe('a custom period', () => {
  test('valid days from the URL are the range, as typed', () => {
    const values = paymentListSchema.parse({
      period: 'custom',
      from: '2026-01-05',
      to: '2026-02-10',
    })
    expect(paymentRange(values, lateFeb)).toEqual({
      range: { from: '2026-01-05', to: '2026-02-10' },
      errors: {},
    })
  })

  test('missing, impossible or reversed days ask for nothing and say why', () => {
    const range = (from: string, to: string) =>
      paymentRange(paymentListSchema.parse({ period: 'custom', from, to }), lateFeb)
    expect(range('', '2026-02-10')).toEqual({
      range: null,
      errors: { from: 'Elegí la fecha de inicio' },
    })
    expect(range('2026-02-30', '2026-03-01').errors).toEqual({
      from: 'La fecha de inicio no es válida',
    })
    expect(range('2026-02-10', '2026-02-01')).toEqual({
      range: null,
      errors: { to: 'La fecha de fin no puede ser anterior a la de inicio' },
    })
  })
})
