import { afterEach, describe, expect, it } from 'vitest'
import { clockLabel, etaLabel, storeStatusLabel, whenLabel } from './store-time-labels.ts'

const ba = (local: string) => new Date(`${local}:00-03:00`)
// Monday 30 November 2026, 18:00 in Buenos Aires.
const now = ba('2026-11-30T18:00')

describe('store time labels (issue 26)', () => {
  const originalTz = process.env.TZ
  afterEach(() => {
    process.env.TZ = originalTz
  })

  it('reads the clock in Buenos Aires whatever the device zone', () => {
    for (const tz of ['UTC', 'Asia/Tokyo', 'America/Argentina/Buenos_Aires']) {
      process.env.TZ = tz
      expect(clockLabel(ba('2026-11-30T09:05'))).toBe('9:05')
      expect(clockLabel(ba('2026-11-30T23:30'))).toBe('23:30')
    }
  })

  it('names the day as people say it: hoy, mañana, the weekday, then the date', () => {
    expect(whenLabel(ba('2026-11-30T20:00'), now)).toBe('hoy 20:00')
    expect(whenLabel(ba('2026-12-01T09:00'), now)).toBe('mañana 9:00')
    expect(whenLabel(ba('2026-12-05T10:00'), now)).toBe('el sábado 10:00')
    expect(whenLabel(ba('2026-12-07T09:00'), now)).toBe('el 7/12 9:00')
    // Past 21:00 in Buenos Aires it is already the next day in UTC: still "mañana".
    expect(whenLabel(ba('2026-12-01T09:00'), ba('2026-11-30T22:30'))).toBe('mañana 9:00')
  })

  it('says open until when, closed until when, or paused', () => {
    const base = { isOpen: true, closesAt: null, nextOpening: null }
    expect(
      storeStatusLabel(
        { ...base, openNow: true, closesAt: ba('2026-11-30T20:00').toISOString() },
        now,
      ),
    ).toBe('Abierto · cierra 20:00')
    // A bar open past midnight.
    expect(
      storeStatusLabel(
        { ...base, openNow: true, closesAt: ba('2026-12-01T02:00').toISOString() },
        now,
      ),
    ).toBe('Abierto · cierra mañana 2:00')
    expect(
      storeStatusLabel(
        { ...base, openNow: false, nextOpening: ba('2026-12-01T09:00').toISOString() },
        now,
      ),
    ).toBe('Cerrado · abre mañana 9:00')
    expect(storeStatusLabel({ ...base, openNow: true }, now)).toBe('Abierto')
    expect(storeStatusLabel({ ...base, isOpen: false, openNow: false }, now)).toBe(
      'Cerrado por el momento',
    )
    expect(storeStatusLabel({ ...base, openNow: false }, now)).toBe('Cerrado')
  })

  it('writes an ETA as a range', () => {
    expect(etaLabel({ min: 25, max: 35 })).toBe('25–35 min')
  })
})

describe('slot labels (issue 26)', () => {
  it('says the day and the slot', async () => {
    const { scheduledForLabel } = await import('./store-time-labels.ts')
    const slot = {
      start: ba('2026-12-05T10:00').toISOString(),
      end: ba('2026-12-05T10:30').toISOString(),
    }
    expect(scheduledForLabel(slot, now)).toBe('Programado para el sábado 10:00–10:30')
  })
})

describe('day labels (issue 26)', () => {
  it('names the slot picker days', async () => {
    const { dayLabel } = await import('./store-time-labels.ts')
    expect(['2026-11-30', '2026-12-01', '2026-12-05'].map((d) => dayLabel(d, now))).toEqual([
      'Hoy',
      'Mañana',
      'Sábado 5/12',
    ])
  })
})
