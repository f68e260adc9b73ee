import {
  ADMIN_PAYMENTS_PAGE_SIZE,
  PAYMENT_TRANSACTION_STATUSES,
  type PaymentFilter,
} from '@barrio/contracts/admin-payments'
import { PAYMENT_METHODS } from '@barrio/contracts/enums'
import { z } from 'zod'

import { enumParam, pageParam } from '@/components/admin/list/list-params'
import { DISPLAY_TIME_ZONE } from '@/lib/format'

/** The periods the seller picks from; days are Buenos Aires days. */
export const PAYMENT_PERIODS = ['today', '7d', '30d', 'month', 'lastMonth'] as const
export type PaymentPeriod = (typeof PAYMENT_PERIODS)[number]
export const PAYMENT_PERIOD_LABELS: Record<PaymentPeriod, string> = {
  today: 'Hoy',
  '7d': 'Últimos 7 días',
  '30d': 'Últimos 30 días',
  month: 'Este mes',
  lastMonth: 'Mes pasado',
}

/** The ledger's URL: /admin/payments?period=month&method=cash&status=approved&page=2. */
export const paymentListSchema = z.object({
  page: pageParam(),
  period: enumParam(PAYMENT_PERIODS, '30d'),
  method: enumParam(['all', ...PAYMENT_METHODS], 'all'),
  status: enumParam(['all', ...PAYMENT_TRANSACTION_STATUSES], 'all'),
})
export type PaymentListValues = z.infer<typeof paymentListSchema>

/** Today in Buenos Aires as YYYY-MM-DD. */
export function buenosAiresToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: DISPLAY_TIME_ZONE }).format(now)
}

const shift = (day: string, days: number) => {
  const d = new Date(`${day}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** The period as Buenos Aires days, both included. */
export function periodRange(period: PaymentPeriod, now: Date = new Date()) {
  const to = buenosAiresToday(now)
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

/** The JSON `query` of GET /admin/payments for what the URL says. */
export function buildPaymentFilter(values: PaymentListValues, now?: Date): PaymentFilter {
  const filter: PaymentFilter = { createdAt: periodRange(values.period, now) }
  if (values.method !== 'all') filter.method = values.method
  if (values.status !== 'all') filter.status = values.status
  return filter
}

export type PaymentListParams = { page: number; limit: number; query: string }

export function buildPaymentListParams(values: PaymentListValues, now?: Date): PaymentListParams {
  return {
    page: values.page,
    limit: ADMIN_PAYMENTS_PAGE_SIZE,
    query: JSON.stringify(buildPaymentFilter(values, now)),
  }
}
