import { addDays, ANALYTICS_MAX_DAYS, daysInRange } from '@barrio/contracts/analytics'

/** The overview's periods: the last 7, 30 or 90 Buenos Aires days, or two days of one's own. */
export const OVERVIEW_PRESETS = ['7d', '30d', '90d', 'custom'] as const
export type OverviewPreset = (typeof OVERVIEW_PRESETS)[number]

export const OVERVIEW_PRESET_LABELS: Record<OverviewPreset, string> = {
  '7d': '7 días',
  '30d': '30 días',
  '90d': '90 días',
  custom: 'Personalizado',
}

const PRESET_DAYS = { '7d': 7, '30d': 30, '90d': 90 } as const

/** The API's own default (the last 30 days). */
export const DEFAULT_OVERVIEW_PRESET: OverviewPreset = '30d'

export type DayRange = { from: string; to: string }
export type RangeErrors = Partial<Record<'from' | 'to', string>>

export type OverviewRangeState = {
  preset: OverviewPreset
  /** The days asked for, or null while the custom range is incomplete or invalid. */
  range: DayRange | null
  /** What the custom inputs hold (empty strings when not chosen). */
  custom: DayRange
  errors: RangeErrors
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

function isDay(value: string): boolean {
  return DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
}

/** The last `days` days up to today, both ends included. */
export function lastDays(preset: Exclude<OverviewPreset, 'custom'>, today: string): DayRange {
  return { from: addDays(today, -(PRESET_DAYS[preset] - 1)), to: today }
}

/** Checks a custom range as the API will: both days, from ≤ to, at most 366 days. */
export function validateOverviewRange(custom: DayRange): RangeErrors {
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

/** The picker's state from the URL: `range` (a preset), and `from`/`to` for a custom one. */
export function readOverviewRange(params: URLSearchParams, today: string): OverviewRangeState {
  const raw = params.get('range')
  const preset = (OVERVIEW_PRESETS as readonly string[]).includes(raw ?? '')
    ? (raw as OverviewPreset)
    : DEFAULT_OVERVIEW_PRESET
  const custom = { from: params.get('from') ?? '', to: params.get('to') ?? '' }
  if (preset !== 'custom') return { preset, range: lastDays(preset, today), custom, errors: {} }
  const errors = validateOverviewRange(custom)
  const valid = !errors.from && !errors.to
  return { preset, range: valid ? custom : null, custom, errors }
}

/** The URL params of a choice: a preset alone, or `custom` with its days. */
export function overviewRangeParams(
  preset: OverviewPreset,
  custom?: DayRange,
): Record<string, string> {
  if (preset !== 'custom') return { range: preset }
  return { range: 'custom', from: custom?.from ?? '', to: custom?.to ?? '' }
}
