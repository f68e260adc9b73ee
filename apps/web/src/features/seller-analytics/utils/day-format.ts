import { DEFAULT_LOCALE } from '@barrio/contracts/constants'

// Series points are Buenos Aires calendar days ('YYYY-MM-DD') or hours ('YYYY-MM-DDTHH'): read as
// UTC dates they format to the same day whatever the browser's zone.
const shortDay = new Intl.DateTimeFormat(DEFAULT_LOCALE, {
  day: '2-digit',
  month: '2-digit',
  timeZone: 'UTC',
})
const longDay = new Intl.DateTimeFormat(DEFAULT_LOCALE, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})

const asDate = (day: string) => new Date(`${day.slice(0, 10)}T00:00:00Z`)

/** A chart tick: "05/03" for a day, "14 h" for an hour. */
export function formatTick(point: string): string {
  return point.length > 10 ? `${Number(point.slice(11, 13))} h` : shortDay.format(asDate(point))
}

/** A table cell or tooltip title: "jue, 5 mar 2026" for a day, "14:00 a 14:59" for an hour. */
export function formatPoint(point: string): string {
  if (point.length > 10) {
    const hour = point.slice(11, 13)
    return `${hour}:00 a ${hour}:59`
  }
  return longDay.format(asDate(point))
}

/** "05/03/2026": a Buenos Aires day in es-AR. */
export function formatDay(day: string): string {
  return new Intl.DateTimeFormat(DEFAULT_LOCALE, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(asDate(day))
}
