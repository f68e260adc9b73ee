import { ORDER_SORTS, type OrderFilter, type OrderSort } from '@barrio/contracts/admin-orders'
import { PAGE_SIZES } from '@barrio/contracts/constants'
import { calendarDaySchema } from '@barrio/contracts/dates'
import {
  DELIVERY_TYPES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  type DeliveryType,
  type OrderStatus,
  type PaymentStatus,
} from '@barrio/contracts/enums'
import { z } from 'zod'

import type { OrderListParams } from '@/api/admin/orders/get-orders'
import { enumParam, flagParam, pageParam, textParam } from '@/components/admin/list/list-params'

/** What the seller picked above the order table; 'all' means no filter on that field. */
export type OrderListFilters = {
  search: string
  status: OrderStatus | 'all'
  paymentStatus: PaymentStatus | 'all'
  deliveryType: DeliveryType | 'all'
  /** The "Pago pendiente" chip: open orders still waiting for their payment. */
  unpaid: boolean
  /** "Programados para": orders scheduled for this Buenos Aires day (issue 26), or null. */
  day: string | null
}

export const DEFAULT_ORDER_SORT: OrderSort = '-createdAt'

/**
 * The order list's URL: /admin/orders?status=open&unpaid=1&sort=-total&page=2, and
 * ?day=2026-12-01&sort=scheduledFor for one day of scheduled orders.
 */
export const orderListSchema = z.object({
  page: pageParam(),
  sort: enumParam(ORDER_SORTS, '-createdAt'),
  q: textParam(),
  status: enumParam(['all', ...ORDER_STATUSES], 'all'),
  paymentStatus: enumParam(['all', ...PAYMENT_STATUSES], 'all'),
  deliveryType: enumParam(['all', ...DELIVERY_TYPES], 'all'),
  unpaid: flagParam(),
  day: calendarDaySchema().nullable().catch(null),
})
export type OrderListValues = z.infer<typeof orderListSchema>

/** The filters the URL describes (its `q` is the search). */
export function orderFiltersOf(values: OrderListValues): OrderListFilters {
  const { q, status, paymentStatus, deliveryType, unpaid, day } = values
  return { search: q, status, paymentStatus, deliveryType, unpaid, day }
}

export function emptyOrderFilters(): OrderListFilters {
  return {
    search: '',
    status: 'all',
    paymentStatus: 'all',
    deliveryType: 'all',
    unpaid: false,
    day: null,
  }
}

/** The JSON `query` of GET /admin/orders (orderFilterSchema); undefined when nothing is chosen. */
export function buildOrderFilter(filters: OrderListFilters): OrderFilter | undefined {
  const filter: OrderFilter = {}
  const search = filters.search.trim()
  if (search) filter.search = search.slice(0, 100)
  if (filters.status !== 'all') filter.status = filters.status
  if (filters.paymentStatus !== 'all') filter.paymentStatus = filters.paymentStatus
  if (filters.deliveryType !== 'all') filter.deliveryType = filters.deliveryType
  if (filters.unpaid) filter.unpaid = true
  return Object.keys(filter).length > 0 ? filter : undefined
}

export type { OrderListParams }

export function buildOrderListParams(
  filters: OrderListFilters,
  page: number,
  sort: OrderSort = DEFAULT_ORDER_SORT,
): OrderListParams {
  const filter = buildOrderFilter(filters)
  return {
    page,
    limit: PAGE_SIZES.adminOrders,
    sort,
    ...(filter ? { query: JSON.stringify(filter) } : {}),
    ...(filters.day ? { scheduledDay: filters.day } : {}),
  }
}

const UNPAID: readonly string[] = ['pending', 'partially_paid', 'authorized']
const CLOSED: readonly string[] = ['cancelled', 'archived', 'completed']

/** The list row's "Cancelar impago" shows for open, undelivered orders still waiting for payment. */
export function canCancelUnpaid(order: {
  status: string
  paymentStatus: string
  fulfillmentStatus: string
}): boolean {
  return (
    !CLOSED.includes(order.status) &&
    UNPAID.includes(order.paymentStatus) &&
    order.fulfillmentStatus !== 'delivered'
  )
}
