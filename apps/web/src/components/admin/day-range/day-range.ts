import { addDays, ANALYTICS_MAX_DAYS, daysInRange } from '@barrio/contracts/analytics'

/**
 * The periods a report page offers (the seller's analytics, the operator's city at a glance): each
 * page picks its presets from these; the choice (and a custom period's days) lives in the URL.
 */
export const DAY_RANGE_PRESETS = [
  'today',
  '7d',
  '30d',
  '90d',
  'month',
  'last-month',
  'custom',
] as const
export type DayRangePreset = (typeof DAY_RANGE_PRESETS)[number]

export const DAY_RANGE_PRESET_LABELS: Record<DayRangePreset, string> = {
  today: 'Hoy',
  '7d': '7 días',
  '30d': '30 días',
  '90d': '90 días',
  month: 'Este mes',
  'last-month': 'Mes pasado',
  custom: 'Personalizado',
}

/** A page's choices, in the order its chips show them, and the one used without a choice. */
export type DayRangeOptions = { presets: readonly DayRangePreset[]; fallback: DayRangePreset }

export type DayRange = { from: string; to: string }

/** Field errors of a custom range, by input (`from`, `to`), in Spanish. */
export type RangeErrors = Partial<Record<'from' | 'to', string>>

export type DayRangeState = {
  preset: DayRangePreset
  /** The days asked for, or null when the custom range is incomplete or invalid. */
  range: DayRange | null
  /** What the custom inputs hold (empty strings when not chosen). */
  custom: DayRange
  errors: RangeErrors
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

function isDay(value: string): boolean {
  return DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
}

/** The days of a preset, counted back from today (both ends included). */
export function presetRange(preset: Exclude<DayRangePreset, 'custom'>, today: string): DayRange {
  switch (preset) {
    case 'today':
      return { from: today, to: today }
    case '7d':
      return { from: addDays(today, -6), to: today }
    case '30d':
      return { from: addDays(today, -29), to: today }
    case '90d':
      return { from: addDays(today, -89), to: today }
    case 'month':
      return { from: `${today.slice(0, 8)}01`, to: today }
    case 'last-month': {
      const lastDay = addDays(`${today.slice(0, 8)}01`, -1)
      return { from: `${lastDay.slice(0, 8)}01`, to: lastDay }
    }
  }
}

/** Checks a custom range as the API will: both days, from ≤ to, at most 366 days. */
export function validateCustomRange(custom: DayRange): RangeErrors {
  const errors: RangeErrors = {}
  if (!custom.from) errors.from = 'Elegí la fecha de inicio'
  else if (!isDay(custom.from)) errors.from = 'La fecha de inicio no es válida'
  if (!custom.to) errors.to = 'Elegí la fecha de fin'
  else if (!isDay(custom.to)) errors.to = 'La fecha de fin no es válida'
  if (errors.from || errors.to) return errors
  const days = daysInRange(custom.from, custom.to)
  if (days < 1) errors.to = 'La fecha de fin no puede ser anterior a la de inicio'
  else if (days > ANALYTICS_MAX_DAYS)
    errors.to = `Elegí un período de ${ANALYTICS_MAX_DAYS} días como máximo`
  return errors
}

/**
 * Reads the picker's state from the URL (`range`, and `from`/`to` for a custom range); a preset
 * the page does not offer reads as its fallback.
 */
export function readDayRange(
  params: URLSearchParams,
  today: string,
  options: DayRangeOptions,
): DayRangeState {
  const raw = params.get('range')
  const preset = (options.presets as readonly string[]).includes(raw ?? '')
    ? (raw as DayRangePreset)
    : options.fallback
  const custom = { from: params.get('from') ?? '', to: params.get('to') ?? '' }
  if (preset !== 'custom') return { preset, range: presetRange(preset, today), custom, errors: {} }
  const errors = validateCustomRange(custom)
  const valid = !errors.from && !errors.to
  return { preset, range: valid ? custom : null, custom, errors }
}

/** The URL params of a choice: a preset alone, or `custom` with its days. */
export function dayRangeParams(preset: DayRangePreset, custom?: DayRange): Record<string, string> {
  if (preset !== 'custom') return { range: preset }
  return { range: 'custom', from: custom?.from ?? '', to: custom?.to ?? '' }
}
