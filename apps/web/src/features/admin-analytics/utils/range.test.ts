import { describe, expect, test } from 'vitest'

import {
  presetRange,
  readRange,
  validateCustomRange,
} from '@/features/admin-analytics/utils/range'

describe('range presets', () => {
  test('each preset counts back from today, both ends included', () => {
    const today = '2026-03-14'
    expect(presetRange('today', today)).toEqual({ from: today, to: today })
    expect(presetRange('7d', today)).toEqual({ from: '2026-03-08', to: today })
    expect(presetRange('30d', today)).toEqual({ from: '2026-02-13', to: today })
    expect(presetRange('month', today)).toEqual({ from: '2026-03-01', to: today })
    expect(presetRange('last-month', today)).toEqual({ from: '2026-02-01', to: '2026-02-28' })
    expect(presetRange('last-month', '2026-01-10')).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    })
  })

  test('an unknown or missing preset in the URL falls back to 30 days', () => {
    expect(readRange(new URLSearchParams('range=year'), '2026-03-14')).toMatchObject({
      preset: '30d',
      range: { from: '2026-02-13', to: '2026-03-14' },
    })
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
    const state = readRange(
      new URLSearchParams('range=custom&from=2026-03-07&to=2026-03-01'),
      '2026-03-14',
    )
    expect(state.range).toBeNull()
    expect(state.custom).toEqual({ from: '2026-03-07', to: '2026-03-01' })
  })
})
