import { describe, expect, test } from 'vitest'

import {
  currentMonth,
  formatMonth,
  monthOrUndefined,
  recentMonthOptions,
} from '@/components/statements/months'

describe('statement months', () => {
  test('named in Spanish', () => {
    expect(formatMonth('2026-03')).toBe('marzo de 2026')
    expect(formatMonth('2027-12')).toBe('diciembre de 2027')
  })

  test('the Buenos Aires month, not the UTC one', () => {
    // 2026-04-01 01:30 UTC is still March 31 in Buenos Aires.
    expect(currentMonth(new Date('2026-04-01T01:30:00Z'))).toBe('2026-03')
    expect(currentMonth(new Date('2026-04-01T03:00:00Z'))).toBe('2026-04')
  })

  test('recent months, newest first, across the year', () => {
    expect(recentMonthOptions(3, new Date('2026-02-10T12:00:00Z'))).toEqual([
      { value: '2026-02', label: 'febrero de 2026' },
      { value: '2026-01', label: 'enero de 2026' },
      { value: '2025-12', label: 'diciembre de 2025' },
    ])
  })

  test('only well-formed months from the URL', () => {
    expect(monthOrUndefined('2026-11')).toBe('2026-11')
    expect(monthOrUndefined('2026-13')).toBeUndefined()
    expect(monthOrUndefined(null)).toBeUndefined()
  })
})
