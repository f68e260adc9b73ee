import { describe, expect, test } from 'vitest'
import { calendarDaySchema, filterDateSchema } from './dates.ts'

describe('calendar days of the reports', () => {
  test.each(['2000-01-01', '2024-02-29', '2026-03-21', '2100-12-31'])('accepts %s', (day) => {
    expect(calendarDaySchema().safeParse(day).success).toBe(true)
  })

  test.each(['0000-01-01', '0001-01-01', '1999-12-31', '2101-01-01', '9999-12-31'])(
    'refuses %s with one Spanish message naming the years',
    (day) => {
      const result = calendarDaySchema().safeParse(day)
      expect(result.error?.issues.map((i) => i.message)).toEqual([
        'Usá una fecha entre los años 2000 y 2100',
      ])
    },
  )

  test.each(['2026-02-30', '2023-02-29', '2026-13-01', '2026-3-21', '21/03/2026', '\u0000'])(
    'refuses %j as not a day, with the format message only',
    (day) => {
      const result = calendarDaySchema('Usá una fecha AAAA-MM-DD').safeParse(day)
      expect(result.error?.issues.map((i) => i.message)).toEqual(['Usá una fecha AAAA-MM-DD'])
    },
  )

  test('list filters keep their wider range (years 1 to 9999)', () => {
    expect(filterDateSchema.safeParse('1990-01-01').success).toBe(true)
    expect(filterDateSchema.safeParse('0000-01-01').success).toBe(false)
  })
})
