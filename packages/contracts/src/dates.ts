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
