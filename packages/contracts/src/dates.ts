import { z } from 'zod'

const DAY_MS = 86_400_000
const EARLIEST = Date.UTC(1, 0, 1) + DAY_MS
const LATEST = Date.UTC(9999, 11, 31) - DAY_MS

/**
 * An ISO date or date-time for list filters, within years 0001-9999 with a day of margin (filters
 * shift a date-only bound by a day and by the -03:00 offset): JavaScript accepts year 0 and
 * six-digit years, PostgreSQL's timestamp literals do not.
 */
export const filterDateSchema = z.iso
  .datetime({ offset: true, error: 'Usá una fecha ISO (2026-03-21 o 2026-03-21T10:00:00Z)' })
  .or(z.iso.date())
  .refine((value) => {
    const time = Date.parse(value)
    return /^\d{4}-/.test(value) && time >= EARLIEST && time <= LATEST
  }, 'Usá una fecha entre los años 1 y 9999')

/** The years a calendar day of the seller's reports may name (dashboard, payments, analytics). */
export const CALENDAR_DAY_YEARS = { min: 2000, max: 2100 } as const

/**
 * A Buenos Aires calendar day, YYYY-MM-DD, that exists (no 2026-02-30) and falls within
 * CALENDAR_DAY_YEARS: the reports shift a day by their period and by the time zone, and
 * PostgreSQL refuses year 0, so a bound with room on both sides is checked here rather than left
 * to the database. Every day-valued query parameter uses this one schema.
 */
export const calendarDaySchema = (error = 'Usá una fecha AAAA-MM-DD') =>
  z.iso.date({ error }).refine((day) => {
    const year = Number(day.slice(0, 4))
    // A malformed day already has its format error: one message is enough.
    return (
      !/^\d{4}-/.test(day) || (year >= CALENDAR_DAY_YEARS.min && year <= CALENDAR_DAY_YEARS.max)
    )
  }, `Usá una fecha entre los años ${CALENDAR_DAY_YEARS.min} y ${CALENDAR_DAY_YEARS.max}`)
