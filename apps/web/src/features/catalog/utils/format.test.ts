import { describe, expect, test } from 'vitest'

import { formatDistance, haversineKm } from '@/features/catalog/utils/format'
import { DISPLAY_TIME_ZONE } from '@/lib/format'
import { dayKeyAt, formatTodayHours, weeklyHours } from '@/features/catalog/utils/opening-hours'

describe('distances', () => {
  test.each([
    [1.234, 'a 1,2 km'],
    [1, 'a 1 km'],
    [9.96, 'a 10 km'],
    [12.4, 'a 12 km'],
    [0.35, 'a 350 m'],
    [0.01, 'a 10 m'],
    [0, 'a 10 m'],
  ])('%f km reads %s', (km, expected) => {
    expect(formatDistance(km)).toBe(expected)
  })

  test('haversine: Palermo to Caballito is about 4 km, and a point to itself is 0', () => {
    const palermo = { latitude: -34.5889, longitude: -58.4305 }
    const caballito = { latitude: -34.6186, longitude: -58.4421 }
    expect(haversineKm(palermo, caballito)).toBeCloseTo(3.49, 1)
    expect(haversineKm(palermo, palermo)).toBe(0)
  })
})

describe('opening hours (Argentine weekday, Monday first)', () => {
  const hours = {
    '0': [] as [string, string][],
    '1': [
      ['08:30', '13:30'],
      ['17:00', '21:00'],
    ] as [string, string][],
  }

  test("today's hours follow the weekday in Buenos Aires, not the browser's", () => {
    // Monday 02:00 UTC is still Sunday 23:00 in Buenos Aires (UTC-3).
    expect(formatTodayHours(hours, new Date('2026-03-02T02:00:00Z'))).toBe('Hoy: cerrado')
    expect(formatTodayHours(hours, new Date('2026-03-02T15:00:00Z'))).toBe(
      'Hoy: 08:30 a 13:30 y 17:00 a 21:00',
    )
  })

  test('the weekday is the one Intl gives for Buenos Aires, around every midnight from 2010 to 2035', () => {
    const weekday = new Intl.DateTimeFormat('en-US', {
      timeZone: DISPLAY_TIME_ZONE,
      weekday: 'short',
    })
    const keys: Record<string, string> = {
      Sun: '0',
      Mon: '1',
      Tue: '2',
      Wed: '3',
      Thu: '4',
      Fri: '5',
      Sat: '6',
    }
    const hour = 60 * 60 * 1000
    let checked = 0
    // Every 4th day, at 02:59, 03:00 and 03:01 UTC (around midnight in Argentina) and at noon.
    for (let day = Date.UTC(2010, 0, 1); day < Date.UTC(2035, 0, 1); day += 4 * 24 * hour) {
      for (const at of [3 * hour - 60_000, 3 * hour, 3 * hour + 60_000, 12 * hour]) {
        const date = new Date(day + at)
        expect(dayKeyAt(date), date.toISOString()).toBe(keys[weekday.format(date)])
        checked++
      }
    }
    expect(checked).toBeGreaterThan(9000)
  })

  test('the week starts on Monday and days without ranges are closed', () => {
    const week = weeklyHours(hours)
    expect(week.map((d) => d.name)).toEqual([
      'Lunes',
      'Martes',
      'Miércoles',
      'Jueves',
      'Viernes',
      'Sábado',
      'Domingo',
    ])
    expect(week[0]?.hours).toBe('08:30 a 13:30 y 17:00 a 21:00')
    expect(week[1]?.hours).toBe('Cerrado')
  })
})
