import type { Store } from '@barrio/contracts/stores'

import { lazyFormat } from '@/lib/format'

export type OpeningHours = Store['openingHours']
export type DayKey = '0' | '1' | '2' | '3' | '4' | '5' | '6'

/** Shops keep their hours in Argentine time; "today" is the weekday there, not in the browser. */
export const SHOP_TIME_ZONE = 'America/Argentina/Buenos_Aires'

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

const WEEKDAY_INDEX: Record<string, DayKey> = {
  Sun: '0',
  Mon: '1',
  Tue: '2',
  Wed: '3',
  Thu: '4',
  Fri: '5',
  Sat: '6',
}

const weekdayFormat = lazyFormat(
  () => new Intl.DateTimeFormat('en-US', { timeZone: SHOP_TIME_ZONE, weekday: 'short' }),
)

/** The weekday key in Argentina for a moment. */
export function dayKeyAt(date: Date = new Date()): DayKey {
  return WEEKDAY_INDEX[weekdayFormat().format(date)] ?? (String(date.getDay()) as DayKey)
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
