import { todayInBuenosAires } from '@/lib/format'

const MONTH_NAMES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
]

/** "2026-03" → "marzo de 2026". */
export function formatMonth(month: string): string {
  const [year, index] = month.split('-')
  return `${MONTH_NAMES[Number(index) - 1] ?? index} de ${year}`
}

/** The Buenos Aires month of today, YYYY-MM. */
export function currentMonth(now: Date = new Date()): string {
  return todayInBuenosAires(now).slice(0, 7)
}

/** This month and the `count − 1` before it, newest first, as select options. */
export function recentMonthOptions(count = 12, now: Date = new Date()) {
  const [year, index] = currentMonth(now).split('-').map(Number) as [number, number]
  return Array.from({ length: count }, (_, i) => {
    const total = year * 12 + (index - 1) - i
    const value = `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`
    return { value, label: formatMonth(value) }
  })
}

/** A month from the URL, if it is one (YYYY-MM); else undefined. */
export function monthOrUndefined(value: string | null): string | undefined {
  return value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value) ? value : undefined
}
