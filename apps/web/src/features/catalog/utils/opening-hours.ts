import type { Store } from '@barrio/contracts/stores'

import { ARGENTINA_UTC_OFFSET_MS } from '@/lib/format'

export type OpeningHours = Store['openingHours']
export type DayKey = '0' | '1' | '2' | '3' | '4' | '5' | '6'

/** Keys follow Date.getDay(): 0 is Sunday. */
export const DAY_NAMES: Record<DayKey, string> = {
  '0': 'Domingo',
  '1': 'Lunes',
  '2': 'Martes',
  '3': 'Miércoles',
  '4': 'Jueves',
  '5': 'Viernes',
  '6': 'Sábado',
}

/** The week as people read it in Argentina: Monday first. */
export const WEEK_ORDER: DayKey[] = ['1', '2', '3', '4', '5', '6', '0']

/**
 * The weekday key in Argentina for a moment. Shops keep their hours in Argentine time: "today" is
 * the weekday there, not in the browser. Argentina has kept UTC-3 all year since March 2009 (no
 * daylight saving), so the shop's weekday is the UTC weekday three hours earlier. Computed, not asked of `Intl.DateTimeFormat` with the
 * zone: the first formatter with a time zone loads ICU's zone data, 50-60 ms on a phone while the
 * shop page starts (issue 10, blocking time). utils/format.test.ts checks it against Intl for
 * lib/format.ts's DISPLAY_TIME_ZONE; lib/format.ts writes dates and times out with the same offset.
 */
export function dayKeyAt(date: Date = new Date()): DayKey {
  return String(new Date(date.getTime() + ARGENTINA_UTC_OFFSET_MS).getUTCDay()) as DayKey
}

/** "08:30 a 13:30 y 17:00 a 21:00", or "Cerrado" for a day without ranges. */
export function formatDayHours(ranges: [string, string][] | undefined): string {
  if (!ranges || ranges.length === 0) return 'Cerrado'
  return ranges.map(([from, to]) => `${from} a ${to}`).join(' y ')
}

/** "Hoy: 08:00 a 20:00" or "Hoy: cerrado". */
export function formatTodayHours(hours: OpeningHours, date: Date = new Date()): string {
  const ranges = hours[dayKeyAt(date)]
  if (!ranges || ranges.length === 0) return 'Hoy: cerrado'
  return `Hoy: ${formatDayHours(ranges)}`
}

/** One row per weekday, Monday first. */
export function weeklyHours(hours: OpeningHours): { day: DayKey; name: string; hours: string }[] {
  return WEEK_ORDER.map((day) => ({ day, name: DAY_NAMES[day], hours: formatDayHours(hours[day]) }))
}
