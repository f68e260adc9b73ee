import { describe, expect, test } from 'vitest'

import { buenosAiresDay, buenosAiresMonthRange } from './buenos-aires-day.ts'

describe('Buenos Aires calendar months (the commission statements, decision 045)', () => {
  test('run from the first day at 00:00 −03:00 to the next month’s', () => {
    expect(buenosAiresMonthRange('2026-03')).toEqual({
      start: new Date('2026-03-01T03:00:00.000Z'),
      end: new Date('2026-04-01T03:00:00.000Z'),
    })
    // December ends at January of the next year; February of a leap year has 29 days.
    expect(buenosAiresMonthRange('2026-12').end).toEqual(new Date('2027-01-01T03:00:00.000Z'))
    expect(buenosAiresMonthRange('2028-02').end).toEqual(new Date('2028-03-01T03:00:00.000Z'))
  })

  test('an instant belongs to the month of its Buenos Aires day', () => {
    const { start, end } = buenosAiresMonthRange('2026-03')
    // 2026-04-01 01:30 UTC is still March 31 in Buenos Aires.
    const lateMarch = new Date('2026-04-01T01:30:00Z')
    expect(buenosAiresDay(lateMarch)).toBe('2026-03-31')
    expect(lateMarch >= start && lateMarch < end).toBe(true)
    const firstOfApril = new Date('2026-04-01T03:00:00Z')
    expect(firstOfApril < end).toBe(false)
  })
})
