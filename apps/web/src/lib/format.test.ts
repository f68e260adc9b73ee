import { describe, expect, test } from 'vitest'

import {
  formatDateTime,
  formatMoney,
  formatMoneyRange,
  formatPercent,
  formatTime,
} from '@/lib/format'
import { formatPhone } from '@/lib/format-phone'

/** Intl puts a no-break space between the sign and the amount. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ')

describe('money (es-AR, ARS, integer centavos)', () => {
  test.each([
    [2400000, '$ 24.000'],
    [100, '$ 1'],
    [0, '$ 0'],
    [123456, '$ 1.234,56'],
    [99, '$ 0,99'],
    [1234550, '$ 12.345,50'],
  ])('%i centavos is %s (cents only when not a whole number of pesos)', (centavos, expected) => {
    expect(plain(formatMoney(centavos))).toBe(expected)
  })

  test('a range shows its lowest and highest price, one price when equal, a dash when empty', () => {
    expect(plain(formatMoneyRange([150050, 100000, 120000]))).toBe('$ 1.000 – $ 1.500,50')
    expect(plain(formatMoneyRange([100000, 100000]))).toBe('$ 1.000')
    expect(formatMoneyRange([])).toBe('—')
  })
})

describe('dates and times (es-AR, 24-hour clock, Buenos Aires time whatever the browser zone)', () => {
  test('an instant reads as Buenos Aires wall time (UTC-3), day first, 24-hour clock', () => {
    expect(formatDateTime('2026-11-22T13:00:00.000Z')).toBe('22/11/2026, 10:00')
    // 01:30 UTC on the 23rd is still the evening of the 22nd in Buenos Aires.
    expect(formatDateTime(new Date('2026-11-23T01:30:00.000Z'))).toBe('22/11/2026, 22:30')
    expect(formatTime('2026-11-22T20:05:00.000Z')).toBe('17:05')
  })

  test('an invalid date is a dash, not "Invalid Date"', () => {
    expect(formatDateTime('not a date')).toBe('—')
    expect(formatTime('')).toBe('—')
  })
})

test('percentages use the es-AR decimal comma and a spaced sign', () => {
  expect(formatPercent(10.5)).toBe('10,5 %')
  expect(formatPercent(21)).toBe('21 %')
})

describe('formatPhone', () => {
  test('shows E.164 numbers the way people write them', () => {
    expect(formatPhone('+5491155550202')).toBe('+54 9 11 5555-0202')
  })

  test('leaves a value it cannot read as it came', () => {
    expect(formatPhone('interno 12')).toBe('interno 12')
  })
})
