import { describe, expect, test } from 'vitest'

import {
  presetRange,
  readDayRange,
  validateCustomRange,
  type DayRangeOptions,
} from '@/components/admin/day-range/day-range'

const SELLER: DayRangeOptions = {
  presets: ['today', '7d', '30d', 'month', 'last-month', 'custom'],
  fallback: '30d',
}
const OPERATOR: DayRangeOptions = { presets: ['7d', '30d', '90d', 'custom'], fallback: '30d' }

describe('range presets', () => {
  test('each preset counts back from today, both ends included', () => {
    const today = '2026-03-14'
    expect(presetRange('today', today)).toEqual({ from: today, to: today })
    expect(presetRange('7d', today)).toEqual({ from: '2026-03-08', to: today })
    expect(presetRange('30d', today)).toEqual({ from: '2026-02-13', to: today })
    expect(presetRange('90d', today)).toEqual({ from: '2025-12-15', to: today })
    expect(presetRange('month', today)).toEqual({ from: '2026-03-01', to: today })
    expect(presetRange('last-month', today)).toEqual({ from: '2026-02-01', to: '2026-02-28' })
    expect(presetRange('last-month', '2026-01-10')).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    })
  })

  test('an unknown or missing preset in the URL falls back to 30 days', () => {
    expect(readDayRange(new URLSearchParams('range=year'), '2026-03-14', SELLER)).toMatchObject({
      preset: '30d',
      range: { from: '2026-02-13', to: '2026-03-14' },
    })
  })

  test("a preset another page offers is not this page's: 90 days for the operator only", () => {
    const params = new URLSearchParams('range=90d')
    expect(readDayRange(params, '2026-03-14', OPERATOR)).toMatchObject({
      preset: '90d',
      range: { from: '2025-12-15', to: '2026-03-14' },
    })
    expect(readDayRange(params, '2026-03-14', SELLER).preset).toBe('30d')
    expect(readDayRange(new URLSearchParams('range=today'), '2026-03-14', OPERATOR).preset).toBe(
      '30d',
    )
  })
})

describe('custom range', () => {
  test('asks for both days, real dates, from before to and at most 366 days', () => {
    expect(validateCustomRange({ from: '', to: '' })).toEqual({
      from: 'Elegí la fecha de inicio',
      to: 'Elegí la fecha de fin',
    })
    expect(validateCustomRange({ from: '2026-02-30', to: '2026-03-01' })).toEqual({
      from: 'La fecha de inicio no es válida',
    })
    expect(validateCustomRange({ from: '2026-03-07', to: '2026-03-01' })).toEqual({
      to: 'La fecha de fin no puede ser anterior a la de inicio',
    })
    expect(validateCustomRange({ from: '2025-01-01', to: '2026-01-02' })).toEqual({
      to: 'Elegí un período de 366 días como máximo',
    })
    expect(validateCustomRange({ from: '2024-01-01', to: '2024-12-31' })).toEqual({})
  })

  test('an invalid custom range in the URL asks for nothing', () => {
    const state = readDayRange(
      new URLSearchParams('range=custom&from=2026-03-07&to=2026-03-01'),
      '2026-03-14',
      OPERATOR,
    )
    expect(state.range).toBeNull()
    expect(state.custom).toEqual({ from: '2026-03-07', to: '2026-03-01' })
  })
})
