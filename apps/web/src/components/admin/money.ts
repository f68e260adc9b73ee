import { DEFAULT_CURRENCY, DEFAULT_LOCALE } from '@barrio/contracts/constants'

/** Pesos as typed by the seller (1500.5) to integer centavos (150050). Empty stays null. */
export function pesosToCents(pesos: number | string | null | undefined): number | null {
  if (pesos === null || pesos === undefined || pesos === '') return null
  const value = typeof pesos === 'number' ? pesos : Number(String(pesos).replace(',', '.'))
  if (!Number.isFinite(value)) return null
  return Math.round(value * 100)
}

/** Integer centavos to pesos for an input (150050 -> 1500.5). */
export function centsToPesos(cents: number | null | undefined): number | '' {
  if (cents === null || cents === undefined) return ''
  return cents / 100
}

const moneyFormat = new Intl.NumberFormat(DEFAULT_LOCALE, {
  style: 'currency',
  currency: DEFAULT_CURRENCY,
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

/** "$ 1.500,50" (es-AR, ARS). */
export function formatCents(cents: number): string {
  return moneyFormat.format(cents / 100)
}

/** A price range "$ 1.000,00 – $ 1.500,00", or one price when all are equal. */
export function formatCentsRange(prices: number[]): string {
  if (prices.length === 0) return '—'
  const min = Math.min(...prices)
  const max = Math.max(...prices)
  return min === max ? formatCents(min) : `${formatCents(min)} – ${formatCents(max)}`
}

const dateFormat = new Intl.DateTimeFormat(DEFAULT_LOCALE, {
  dateStyle: 'short',
  timeStyle: 'short',
})

/** "21/3/2026, 14:05" (es-AR). Invalid dates show a dash. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '—' : dateFormat.format(date)
}

const percentFormat = new Intl.NumberFormat(DEFAULT_LOCALE, { maximumFractionDigits: 2 })

/** 10.5 -> "10,5 %". */
export function formatPercent(rate: number): string {
  return `${percentFormat.format(rate)} %`
}
