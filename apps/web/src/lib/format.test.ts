import { describe, expect, test } from 'vitest'

import {
  formatCalendarDay,
  formatCount,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatMoney,
  formatMoneyRange,
  formatPercent,
  formatTime,
  plural,
  pluralWord,
  todayInBuenosAires,
} from '@/lib/format'
import { formatPhone } from '@/lib/format-phone'

/** Intl puts a no-break space between the sign and the amount. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ')

/** Intl writes "-0" for a negative amount that rounds to zero; Barrio writes "0". */
const unsignedZero = (text: string) => text.replace(/^-(?=(\$\u00a0)?0$)/, '')

/** A fixed sequence of pseudo-random integers below `max` (the same on every run). */
function sample(count: number, max: number): number[] {
  let seed = 20261124
  return Array.from({ length: count }, () => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed % max
  })
}

describe('es-AR numbers without Intl (the first pages do not load ICU)', () => {
  test('money matches Intl es-AR ARS for whole pesos, cents, negatives and millions', () => {
    const intl = (digits: number) =>
      new Intl.NumberFormat('es-AR', {
        style: 'currency',
        currency: 'ARS',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      })
    const values = [0, 1, 99, 100, 123456, -150050, 100000000000, ...sample(500, 1e10)]
    for (const centavos of [...values, ...values.map((v) => -v * 100)]) {
      const expected = intl(centavos % 100 === 0 ? 0 : 2).format(centavos / 100)
      expect(formatMoney(centavos), `${centavos} centavos`).toBe(unsignedZero(expected))
    }
  })

  test.each([0, 1, 2, 3])('a number with at most %i decimals matches Intl es-AR', (digits) => {
    const intl = new Intl.NumberFormat('es-AR', { maximumFractionDigits: digits })
    const values = [0, 1.15, 1.25, 9.96, 999.5, 1234.5, 0.005, -2.5, ...sample(500, 1e7)]
    for (const value of [...values, ...values.map((v) => v / 10000)]) {
      expect(formatDecimal(value, digits), String(value)).toBe(unsignedZero(intl.format(value)))
    }
  })
})

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
    expect(formatDate('2026-02-30')).toBe('—')
  })

  test('a calendar day is that day, not its UTC midnight shifted to Buenos Aires', () => {
    // new Date('2026-03-05') is 00:00 UTC, still the 4th at 21:00 in Buenos Aires.
    expect(formatDate('2026-03-05')).toBe('05/03/2026')
    expect(formatDate('2026-01-01')).toBe('01/01/2026')
    // An instant is still read in Buenos Aires time.
    expect(formatDate('2026-03-05T01:00:00.000Z')).toBe('04/03/2026')
    expect(formatCalendarDay('2026-03-05')).toBe('05/03/2026')
    expect(formatCalendarDay('2026-03-05', 'short')).toBe('05/03')
    expect(formatCalendarDay('2026-03-05', 'long')).toBe('jue, 5 mar 2026')
    for (const bad of ['2026-02-29', '2026-13-01', '5/3/2026', ''])
      expect(formatCalendarDay(bad), bad).toBe('—')
  })

  test('calendar days written out match Intl es-AR for every day of two years', () => {
    const intl = new Intl.DateTimeFormat('es-AR', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    })
    for (let t = Date.UTC(2027, 0, 1); t < Date.UTC(2029, 0, 1); t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10)
      expect(formatCalendarDay(day), day).toBe(intl.format(new Date(t)))
    }
  })

  test('the written-out Buenos Aires clock matches Intl with the zone, every 7 h 13 min since 2009', () => {
    const zone = 'America/Argentina/Buenos_Aires'
    const dateTime = new Intl.DateTimeFormat('es-AR', {
      ...{ day: '2-digit', month: '2-digit', year: 'numeric' },
      ...{ hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone },
    } as const)
    const date = new Intl.DateTimeFormat('es-AR', {
      ...{ day: '2-digit', month: '2-digit', year: 'numeric', timeZone: zone },
    } as const)
    const time = new Intl.DateTimeFormat('es-AR', {
      ...{ hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone },
    } as const)
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: zone })
    // The step is not a divisor of a day, so the instants walk through every hour of the clock.
    const step = (7 * 60 + 13) * 60_000
    for (let t = Date.UTC(2009, 3, 1); t < Date.UTC(2031, 0, 1); t += step) {
      const at = new Date(t)
      expect(formatDateTime(at), at.toISOString()).toBe(dateTime.format(at))
      expect(formatDate(at), at.toISOString()).toBe(date.format(at))
      expect(formatTime(at), at.toISOString()).toBe(time.format(at))
      expect(todayInBuenosAires(at), at.toISOString()).toBe(day.format(at))
    }
  })

  test("an instant of Argentina's last daylight saving (UTC-2, 2008-2009) keeps its offset", () => {
    // Noon UTC on 1 December 2008 was 10:00 in Buenos Aires (UTC-2), not 09:00.
    expect(formatDateTime('2008-12-01T12:00:00.000Z')).toBe('01/12/2008, 10:00')
    expect(formatTime('2008-12-01T12:00:00.000Z')).toBe('10:00')
    expect(todayInBuenosAires(new Date('2008-12-01T22:30:00Z'))).toBe('2008-12-01')
  })

  test('today in Buenos Aires is the day there, not the UTC or the browser one', () => {
    // 02:00 UTC on the 15th is 23:00 on the 14th in Buenos Aires.
    expect(todayInBuenosAires(new Date('2026-03-15T02:00:00Z'))).toBe('2026-03-14')
    expect(todayInBuenosAires(new Date('2026-03-15T03:00:00Z'))).toBe('2026-03-15')
    expect(todayInBuenosAires(new Date('2026-03-01T02:30:00Z'))).toBe('2026-02-28')
    expect(todayInBuenosAires(new Date('2026-12-31T23:59:00-03:00'))).toBe('2026-12-31')
  })
})

test('percentages use the es-AR decimal comma and a spaced sign', () => {
  expect(formatPercent(10.5)).toBe('10,5 %')
  expect(formatPercent(21)).toBe('21 %')
  expect(formatPercent(12.345)).toBe('12,35 %')
  expect(formatPercent(1234.5)).toBe('1.234,5 %')
})

test('percentages and counts match Intl es-AR (written out: no ICU number data on first pages)', () => {
  const percent = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 2 })
  const count = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 0 })
  for (const n of sample(400, 2_000_000)) {
    const rate = (n - 1_000_000) / 1000
    expect(formatPercent(rate), String(rate)).toBe(`${unsignedZero(percent.format(rate))} %`)
    expect(formatCount(n), String(n)).toBe(count.format(n))
  }
})

describe('plural: a count with its noun in the right number (issue 30: "1 pedidos")', () => {
  test('one takes the singular; zero, many and thousands the plural, grouped es-AR', () => {
    expect(plural(1, 'pedido', 'pedidos')).toBe('1 pedido')
    expect(plural(0, 'pedido', 'pedidos')).toBe('0 pedidos')
    expect(plural(2, 'unidad', 'unidades')).toBe('2 unidades')
    expect(plural(1312, 'pedido', 'pedidos')).toBe('1.312 pedidos')
    expect(pluralWord(1, 'queda', 'quedan')).toBe('queda')
    expect(pluralWord(3, 'queda', 'quedan')).toBe('quedan')
  })
})

describe('formatPhone', () => {
  test("shows Argentine numbers in libphonenumber's national format, others international (issue 30)", () => {
    expect(formatPhone('+5491155550202')).toBe('011 15-5555-0202')
    expect(formatPhone('+541148001234')).toBe('011 4800-1234')
    expect(formatPhone('+5493414445566')).toBe('0341 15-444-5566')
    expect(formatPhone('+14155552671')).toBe('+1 415 555 2671')
  })

  test('leaves a value it cannot read as it came', () => {
    expect(formatPhone('interno 12')).toBe('interno 12')
  })
})
