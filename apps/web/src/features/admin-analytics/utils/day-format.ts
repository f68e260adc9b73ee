import { formatCalendarDay } from '@/lib/format'

// Series points are Buenos Aires calendar days ('YYYY-MM-DD') or, for one day, its hours
// ('YYYY-MM-DDTHH'). Days are formatted by lib/format's calendar-day formatter (the one home of
// date formats); only the hour spellings of the chart live here.

/** A chart tick: "05/03" for a day, "14 h" for an hour. */
export function formatTick(point: string): string {
  return point.length > 10 ? `${Number(point.slice(11, 13))} h` : formatCalendarDay(point, 'short')
}

/** A table cell or tooltip title: "jue, 5 mar 2026" for a day, "14:00 a 14:59" for an hour. */
export function formatPoint(point: string): string {
  if (point.length > 10) {
    const hour = point.slice(11, 13)
    return `${hour}:00 a ${hour}:59`
  }
  return formatCalendarDay(point, 'long')
}
