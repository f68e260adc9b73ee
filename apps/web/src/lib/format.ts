import { DEFAULT_LOCALE } from '@barrio/contracts/constants'

// The one home of the web's display formats (spec section 9: es-AR, ARS). Code that shows money,
// a date or a percentage uses these; features keep only formats nobody else needs.

/** Barrio's shops are in Argentina: times read the same for everyone, wherever the browser is. */
export const DISPLAY_TIME_ZONE = 'America/Argentina/Buenos_Aires'

/**
 * A formatter built on first use, not when this module loads: the first es-AR formatter with a
 * time zone costs ~35 ms (ICU's zone data) before 4x phone throttling, and a page that shows no
 * date must not pay it during start-up (issue 10, blocking time).
 */
function lazyFormat<T>(make: () => T): () => T {
  let made: T | undefined
  return () => (made ??= make())
}

/** "1234567" -> "1.234.567": es-AR groups thousands with a dot. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.')
}

/**
 * An es-AR number with at most `maxFractionDigits` decimals, trailing zeros dropped: 1.25 -> "1,3",
 * 1234 -> "1.234", 9.96 (1 decimal) -> "10". What `Intl.NumberFormat('es-AR')` prints, without it:
 * the first Intl number format a page builds loads ICU's number data, 13-45 ms on this machine
 * before Lighthouse's 4x phone throttling, and the catalogue's first pages (prices, distances) must
 * not pay that during start-up (issue 10, decision 020). format.test.ts compares both.
 */
export function formatDecimal(value: number, maxFractionDigits = 0): string {
  const scale = 10 ** maxFractionDigits
  // toPrecision(15) drops the binary noise of the product (1.15 * 10 is 11.499999999999998), so a
  // decimal tie rounds away from zero as Intl's does.
  const scaled = Math.round(Number((Math.abs(value) * scale).toPrecision(15)))
  const whole = Math.trunc(scaled / scale)
  const fraction = String(scaled % scale)
    .padStart(maxFractionDigits, '0')
    .replace(/0+$/, '')
  const sign = value < 0 && scaled !== 0 ? '-' : ''
  return `${sign}${groupThousands(String(whole))}${fraction ? `,${fraction}` : ''}`
}

/**
 * Money in es-AR ARS from integer centavos; cents show only when the amount is not a whole number
 * of pesos ("$ 24.000", "$ 1.234,50"; the space after the sign is a no-break space, as Intl's).
 * Built from the integer centavos, so no float rounding; format.test.ts checks it against Intl.
 */
export function formatMoney(centavos: number): string {
  const abs = Math.abs(Math.round(centavos))
  const cents = abs % 100
  const pesos = groupThousands(String(Math.trunc(abs / 100)))
  const sign = centavos < 0 && abs !== 0 ? '-' : ''
  return `${sign}$\u00a0${pesos}${cents === 0 ? '' : `,${String(cents).padStart(2, '0')}`}`
}

/** A price range "$ 1.000 – $ 1.500,50", one price when all are equal, a dash when there is none. */
export function formatMoneyRange(centavos: readonly number[]): string {
  if (centavos.length === 0) return '—'
  const min = Math.min(...centavos)
  const max = Math.max(...centavos)
  return min === max ? formatMoney(min) : `${formatMoney(min)} – ${formatMoney(max)}`
}

const dateTimeFormat = lazyFormat(
  () =>
    new Intl.DateTimeFormat(DEFAULT_LOCALE, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: DISPLAY_TIME_ZONE,
    }),
)

const dateFormat = lazyFormat(
  () =>
    new Intl.DateTimeFormat(DEFAULT_LOCALE, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: DISPLAY_TIME_ZONE,
    }),
)

const timeFormat = lazyFormat(
  () =>
    new Intl.DateTimeFormat(DEFAULT_LOCALE, {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: DISPLAY_TIME_ZONE,
    }),
)

function toDate(value: string | Date): Date | null {
  const date = typeof value === 'string' ? new Date(value) : value
  return Number.isNaN(date.getTime()) ? null : date
}

/** "22/11/2026, 10:15": es-AR, 24-hour clock, Buenos Aires time. An invalid date is a dash. */
export function formatDateTime(value: string | Date): string {
  const date = toDate(value)
  return date ? dateTimeFormat().format(date) : '—'
}

/** "22/11/2026": the day in Buenos Aires. An invalid date is a dash. */
export function formatDate(value: string | Date): string {
  const date = toDate(value)
  return date ? dateFormat().format(date) : '—'
}

/** "10:15": the time of day in Buenos Aires, 24-hour clock. An invalid date is a dash. */
export function formatTime(value: string | Date): string {
  const date = toDate(value)
  return date ? timeFormat().format(date) : '—'
}

const percentFormat = lazyFormat(
  () => new Intl.NumberFormat(DEFAULT_LOCALE, { maximumFractionDigits: 2 }),
)

/** A rate in percent: 10.5 -> "10,5 %". */
export function formatPercent(rate: number): string {
  return `${percentFormat().format(rate)} %`
}

const countFormat = lazyFormat(
  () => new Intl.NumberFormat(DEFAULT_LOCALE, { maximumFractionDigits: 0 }),
)

/** A count in es-AR: 1312 -> "1.312". */
export function formatCount(count: number): string {
  return countFormat().format(count)
}
