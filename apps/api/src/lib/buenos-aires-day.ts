/**
 * Buenos Aires days (UTC-3 all year: Argentina has no daylight saving). A day on the wire is
 * YYYY-MM-DD; its instants run from 00:00 -03:00 to the next day's 00:00 -03:00.
 */
const OFFSET_MS = 3 * 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000

/** The Buenos Aires day an instant falls on. */
export function buenosAiresDay(instant: Date): string {
  return new Date(instant.getTime() - OFFSET_MS).toISOString().slice(0, 10)
}

/** The half-open range [start, end) of a Buenos Aires day. */
export function buenosAiresDayRange(day: string): { start: Date; end: Date } {
  const start = new Date(`${day}T00:00:00-03:00`)
  return { start, end: new Date(start.getTime() + DAY_MS) }
}

/** A YYYY-MM-DD day as people read it in Argentina: dd/mm/yyyy. */
export function dayLabel(day: string): string {
  return day.split('-').reverse().join('/')
}

/** The day `days` days after (or, negative, before) the given one. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

/**
 * The half-open range [start, end) of a Buenos Aires calendar month (YYYY-MM): from its first
 * day's midnight to the next month's (the monthly commission statement, decision 045).
 */
export function buenosAiresMonthRange(month: string): { start: Date; end: Date } {
  const year = Number(month.slice(0, 4))
  const index = Number(month.slice(5, 7))
  const next = index === 12 ? `${year + 1}-01` : `${year}-${String(index + 1).padStart(2, '0')}`
  return {
    start: buenosAiresDayRange(`${month}-01`).start,
    end: buenosAiresDayRange(`${next}-01`).start,
  }
}
