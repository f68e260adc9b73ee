import { DEFAULT_CURRENCY, DEFAULT_LOCALE } from '@barrio/contracts/constants'

// The one home of the web's display formats (spec section 9: es-AR, ARS). Code that shows money,
// a date or a percentage uses these; features keep only formats nobody else needs.

/** Barrio's shops are in Argentina: times read the same for everyone, wherever the browser is. */
export const DISPLAY_TIME_ZONE = 'America/Argentina/Buenos_Aires'

const moneyFormats = new Map<boolean, Intl.NumberFormat>()

function moneyFormat(whole: boolean): Intl.NumberFormat {
  let format = moneyFormats.get(whole)
  if (!format) {
    const digits = whole ? 0 : 2
    format = new Intl.NumberFormat(DEFAULT_LOCALE, {
      style: 'currency',
      currency: DEFAULT_CURRENCY,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    })
    moneyFormats.set(whole, format)
  }
  return format
}

/**
 * Money in es-AR ARS from integer centavos; cents show only when the amount is not a whole number
 * of pesos ("$ 24.000", "$ 1.234,50"; the space after the sign is a no-break space).
 */
export function formatMoney(centavos: number): string {
  return moneyFormat(centavos % 100 === 0).format(centavos / 100)
}

/** A price range "$ 1.000 – $ 1.500,50", one price when all are equal, a dash when there is none. */
export function formatMoneyRange(centavos: readonly number[]): string {
  if (centavos.length === 0) return '—'
  const min = Math.min(...centavos)
  const max = Math.max(...centavos)
  return min === max ? formatMoney(min) : `${formatMoney(min)} – ${formatMoney(max)}`
}

const dateTimeFormat = new Intl.DateTimeFormat(DEFAULT_LOCALE, {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: DISPLAY_TIME_ZONE,
})

const dateFormat = new Intl.DateTimeFormat(DEFAULT_LOCALE, {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: DISPLAY_TIME_ZONE,
})

const timeFormat = new Intl.DateTimeFormat(DEFAULT_LOCALE, {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: DISPLAY_TIME_ZONE,
})

function toDate(value: string | Date): Date | null {
  const date = typeof value === 'string' ? new Date(value) : value
  return Number.isNaN(date.getTime()) ? null : date
}

/** "22/11/2026, 10:15": es-AR, 24-hour clock, Buenos Aires time. An invalid date is a dash. */
export function formatDateTime(value: string | Date): string {
  const date = toDate(value)
  return date ? dateTimeFormat.format(date) : '—'
}

/** "22/11/2026": the day in Buenos Aires. An invalid date is a dash. */
export function formatDate(value: string | Date): string {
  const date = toDate(value)
  return date ? dateFormat.format(date) : '—'
}

/** "10:15": the time of day in Buenos Aires, 24-hour clock. An invalid date is a dash. */
export function formatTime(value: string | Date): string {
  const date = toDate(value)
  return date ? timeFormat.format(date) : '—'
}

const percentFormat = new Intl.NumberFormat(DEFAULT_LOCALE, { maximumFractionDigits: 2 })

/** A rate in percent: 10.5 -> "10,5 %". */
export function formatPercent(rate: number): string {
  return `${percentFormat.format(rate)} %`
}

const countFormat = new Intl.NumberFormat(DEFAULT_LOCALE, { maximumFractionDigits: 0 })

/** A count in es-AR: 1312 -> "1.312". */
export function formatCount(count: number): string {
  return countFormat.format(count)
}
