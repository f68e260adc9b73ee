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

/**
 * Argentina has kept UTC-3 all year since its last daylight saving ended in March 2009, so an
 * instant's Buenos Aires wall clock is its UTC clock three hours earlier: written out, because the
 * first Intl formatter with a time zone loads ICU's zone data, ~35 ms before Lighthouse's 4x phone
 * throttling, inside the render that shows the seller's dashboard (issue 29, blocking time).
 * Instants before April 2009 go to Intl (built on first use), which knows the old offsets. Should
 * Argentina take daylight saving up again, `wallClock` needs an end date too, from which Intl
 * takes over.
 * format.test.ts checks the written-out clock against Intl over the years since. opening-hours.ts
 * (the shop's weekday) relies on the same offset.
 */
const FIXED_OFFSET_SINCE = Date.UTC(2009, 3, 1)
export const ARGENTINA_UTC_OFFSET_MS = -3 * 60 * 60 * 1000

const two = (n: number) => String(n).padStart(2, '0')

/** The Buenos Aires wall clock of an instant since FIXED_OFFSET_SINCE, else null (ask Intl). */
function wallClock(date: Date) {
  if (date.getTime() < FIXED_OFFSET_SINCE) return null
  const local = new Date(date.getTime() + ARGENTINA_UTC_OFFSET_MS)
  return {
    year: String(local.getUTCFullYear()),
    month: two(local.getUTCMonth() + 1),
    day: two(local.getUTCDate()),
    time: `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`,
  }
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

/** A calendar day as the API sends it (Buenos Aires days, date inputs): 'YYYY-MM-DD'. */
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/

function toDate(value: string | Date): Date | null {
  const date = typeof value === 'string' ? new Date(value) : value
  return Number.isNaN(date.getTime()) ? null : date
}

/** "22/11/2026, 10:15": es-AR, 24-hour clock, Buenos Aires time. An invalid date is a dash. */
export function formatDateTime(value: string | Date): string {
  const date = toDate(value)
  if (!date) return '—'
  const clock = wallClock(date)
  return clock
    ? `${clock.day}/${clock.month}/${clock.year}, ${clock.time}`
    : dateTimeFormat().format(date)
}

/**
 * "22/11/2026": the day in Buenos Aires of an instant; a calendar day ('2026-03-05') is that day
 * (`formatCalendarDay`), not its UTC midnight, which is the evening before in Buenos Aires. An
 * invalid date is a dash.
 */
export function formatDate(value: string | Date): string {
  if (typeof value === 'string' && CALENDAR_DAY.test(value)) return formatCalendarDay(value)
  const date = toDate(value)
  if (!date) return '—'
  const clock = wallClock(date)
  return clock ? `${clock.day}/${clock.month}/${clock.year}` : dateFormat().format(date)
}

/** The day's parts when `day` is a real 'YYYY-MM-DD' date ('2026-02-30' is not), else null. */
function calendarDayParts(day: string): { year: string; month: string; date: string } | null {
  if (!CALENDAR_DAY.test(day)) return null
  const [year, month, date] = day.split('-') as [string, string, string]
  const utc = new Date(Date.UTC(Number(year), Number(month) - 1, Number(date)))
  return utc.getUTCFullYear() === Number(year) &&
    utc.getUTCMonth() === Number(month) - 1 &&
    utc.getUTCDate() === Number(date)
    ? { year, month, date }
    : null
}

// Weekday and month names come from Intl (CLDR's es-AR abbreviations), built on first use. A
// calendar day has no time zone: it is formatted as UTC midnight in UTC, the same day anywhere.
const longDayFormat = lazyFormat(
  () =>
    new Intl.DateTimeFormat(DEFAULT_LOCALE, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }),
)

/**
 * A calendar day ('YYYY-MM-DD': a Buenos Aires day of the API, a date input's value) shown as that
 * very day, whatever the browser's zone: `numeric` "05/03/2026", `short` "05/03" (chart ticks),
 * `long` "jue, 5 mar 2026". The first two are written out (no Intl, so no ICU data, decision 031);
 * `long` builds its Intl formatter on first use. Anything else is a dash.
 */
export function formatCalendarDay(
  day: string,
  style: 'numeric' | 'short' | 'long' = 'numeric',
): string {
  const parts = calendarDayParts(day)
  if (!parts) return '—'
  if (style === 'short') return `${parts.date}/${parts.month}`
  if (style === 'long') return longDayFormat().format(new Date(`${day}T00:00:00Z`))
  return `${parts.date}/${parts.month}/${parts.year}`
}

const zoneDayFormat = lazyFormat(
  () =>
    new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone: DISPLAY_TIME_ZONE,
    }),
)

/**
 * Today (or the day of `now`) in Buenos Aires as 'YYYY-MM-DD', wherever the browser is: the day
 * the API's day ranges mean. The fixed offset since 2009 (`wallClock`); Intl before it.
 */
export function todayInBuenosAires(now: Date = new Date()): string {
  const clock = wallClock(now)
  if (clock) return `${clock.year}-${clock.month}-${clock.day}`
  const parts = Object.fromEntries(
    zoneDayFormat()
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  )
  return `${parts.year}-${parts.month}-${parts.day}`
}

/** "10:15": the time of day in Buenos Aires, 24-hour clock. An invalid date is a dash. */
export function formatTime(value: string | Date): string {
  const date = toDate(value)
  if (!date) return '—'
  return wallClock(date)?.time ?? timeFormat().format(date)
}

/** A rate in percent: 10.5 -> "10,5 %" (at most two decimals; written out, as formatDecimal). */
export function formatPercent(rate: number): string {
  return `${formatDecimal(rate, 2)} %`
}

/** A count in es-AR: 1312 -> "1.312". */
export function formatCount(count: number): string {
  return formatDecimal(count)
}

/**
 * A count with its noun in the right number: plural(1, 'pedido', 'pedidos') -> "1 pedido",
 * plural(1312, 'pedido', 'pedidos') -> "1.312 pedidos", plural(0, ...) -> "0 pedidos". Spanish
 * takes the singular for exactly one (CLDR's `one`); written out, without Intl.PluralRules, so the
 * first pages load no ICU data (decision 031).
 */
export function plural(count: number, one: string, other: string): string {
  return `${formatDecimal(count)} ${pluralWord(count, one, other)}`
}

/** The noun alone, in the number of `count`: for phrases whose count is worded elsewhere. */
export function pluralWord(count: number, one: string, other: string): string {
  return Math.abs(count) === 1 ? one : other
}
