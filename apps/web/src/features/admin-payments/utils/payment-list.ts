import {
  ADMIN_PAYMENTS_PAGE_SIZE,
  PAYMENT_TRANSACTION_STATUSES,
  type PaymentFilter,
} from '@barrio/contracts/admin-payments'
import { PAYMENT_METHODS } from '@barrio/contracts/enums'
import { z } from 'zod'

import type { PaymentListParams } from '@/api/admin/payments/get-payments'
import { enumParam, pageParam, textParam } from '@/components/admin/list/list-params'
import { todayInBuenosAires } from '@/lib/format'

/** The periods the seller picks from; days are Buenos Aires days. */
export const PAYMENT_PERIODS = ['today', '7d', '30d', 'month', 'lastMonth', 'custom'] as const
export type PaymentPeriod = (typeof PAYMENT_PERIODS)[number]
export type PresetPeriod = Exclude<PaymentPeriod, 'custom'>
export const PAYMENT_PERIOD_LABELS: Record<PaymentPeriod, string> = {
  today: 'Hoy',
  '7d': 'Últimos 7 días',
  '30d': 'Últimos 30 días',
  month: 'Este mes',
  lastMonth: 'Mes pasado',
  custom: 'Personalizado',
}

/**
 * The ledger's URL: /admin/payments?period=month&method=cash&status=approved&page=2, or
 * ?period=custom&from=2026-03-01&to=2026-03-15 for days the seller picks.
 */
export const paymentListSchema = z.object({
  page: pageParam(),
  period: enumParam(PAYMENT_PERIODS, '30d'),
  /** The custom period's days (YYYY-MM-DD, Buenos Aires), kept as typed so errors can show. */
  from: textParam(10),
  to: textParam(10),
  method: enumParam(['all', ...PAYMENT_METHODS], 'all'),
  status: enumParam(['all', ...PAYMENT_TRANSACTION_STATUSES], 'all'),
})
export type PaymentListValues = z.infer<typeof paymentListSchema>

const shift = (day: string, days: number) => {
  const d = new Date(`${day}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

export type DayRange = { from: string; to: string }
export type RangeErrors = Partial<Record<'from' | 'to', string>>

/** A preset period as Buenos Aires days, both included. */
export function periodRange(period: PresetPeriod, now: Date = new Date()): DayRange {
  const to = todayInBuenosAires(now)
  switch (period) {
    case 'today':
      return { from: to, to }
    case '7d':
      return { from: shift(to, -6), to }
    case '30d':
      return { from: shift(to, -29), to }
    case 'month':
      return { from: `${to.slice(0, 8)}01`, to }
    case 'lastMonth': {
      const lastDay = shift(`${to.slice(0, 8)}01`, -1)
      return { from: `${lastDay.slice(0, 8)}01`, to: lastDay }
    }
  }
}

const isDay = (day: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) &&
  !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) &&
  new Date(`${day}T00:00:00Z`).toISOString().startsWith(day)

/** Checks a custom period as the API will: both days valid, the end not before the start. */
export function validateCustomPeriod(custom: DayRange): RangeErrors {
  const errors: RangeErrors = {}
  if (!custom.from) errors.from = 'Elegí la fecha de inicio'
  else if (!isDay(custom.from)) errors.from = 'La fecha de inicio no es válida'
  if (!custom.to) errors.to = 'Elegí la fecha de fin'
  else if (!isDay(custom.to)) errors.to = 'La fecha de fin no es válida'
  if (!errors.from && !errors.to && custom.to < custom.from)
    errors.to = 'La fecha de fin no puede ser anterior a la de inicio'
  return errors
}

/**
 * The days the URL asks for: a preset's, or the custom ones when they are valid (`range` null and
 * `errors` set otherwise, so nothing is asked for a period the API would refuse).
 */
export function paymentRange(
  values: Pick<PaymentListValues, 'period' | 'from' | 'to'>,
  now?: Date,
): { range: DayRange | null; errors: RangeErrors } {
  if (values.period !== 'custom') return { range: periodRange(values.period, now), errors: {} }
  const custom = { from: values.from, to: values.to }
  const errors = validateCustomPeriod(custom)
  return { range: errors.from || errors.to ? null : custom, errors }
}

/** The JSON `query` of GET /admin/payments for the filters and the period's days. */
export function buildPaymentFilter(values: PaymentListValues, range: DayRange): PaymentFilter {
  const filter: PaymentFilter = { createdAt: range }
  if (values.method !== 'all') filter.method = values.method
  if (values.status !== 'all') filter.status = values.status
  return filter
}

export type { PaymentListParams }

export function buildPaymentListParams(
  values: PaymentListValues,
  range: DayRange,
): PaymentListParams {
  return {
    page: values.page,
    limit: ADMIN_PAYMENTS_PAGE_SIZE,
    query: JSON.stringify(buildPaymentFilter(values, range)),
  }
}
