import { addDays, ANALYTICS_MAX_DAYS, daysInRange } from '@barrio/contracts/analytics'

/** The choices of the range picker; the choice (and a custom range's days) live in the URL. */
export const RANGE_PRESETS = ['today', '7d', '30d', 'month', 'last-month', 'custom'] as const
export type RangePreset = (typeof RANGE_PRESETS)[number]

export const RANGE_PRESET_LABELS: Record<RangePreset, string> = {
  today: 'Hoy',
  '7d': '7 días',
  '30d': '30 días',
  month: 'Este mes',
  'last-month': 'Mes pasado',
  custom: 'Personalizado',
}

export const DEFAULT_PRESET: RangePreset = '30d'

export type DayRange = { from: string; to: string }

/** Field errors of a custom range, by input (`from`, `to`), in Spanish. */
export type RangeErrors = Partial<Record<'from' | 'to', string>>

export type RangeState = {
  preset: RangePreset
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
export function presetRange(preset: Exclude<RangePreset, 'custom'>, today: string): DayRange {
  switch (preset) {
    case 'today':
      return { from: today, to: today }
    case '7d':
      return { from: addDays(today, -6), to: today }
    case '30d':
      return { from: addDays(today, -29), to: today }
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

/** Reads the picker's state from the URL (`range`, and `from`/`to` for a custom range). */
export function readRange(params: URLSearchParams, today: string): RangeState {
  const raw = params.get('range')
  const preset = (RANGE_PRESETS as readonly string[]).includes(raw ?? '')
    ? (raw as RangePreset)
    : DEFAULT_PRESET
  const custom = { from: params.get('from') ?? '', to: params.get('to') ?? '' }
  if (preset !== 'custom') return { preset, range: presetRange(preset, today), custom, errors: {} }
  const errors = validateCustomRange(custom)
  const valid = !errors.from && !errors.to
  return { preset, range: valid ? custom : null, custom, errors }
}

/** The URL params of a choice: a preset alone, or `custom` with its days. */
export function rangeParams(preset: RangePreset, custom?: DayRange): Record<string, string> {
  if (preset !== 'custom') return { range: preset }
  return { range: 'custom', from: custom?.from ?? '', to: custom?.to ?? '' }
}
