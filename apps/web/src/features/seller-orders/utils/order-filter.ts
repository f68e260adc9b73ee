import type { OrderFilter, OrderSort } from '@barrio/contracts/admin-orders'
import { PAGE_SIZES } from '@barrio/contracts/constants'
import type { DeliveryType, OrderStatus, PaymentStatus } from '@barrio/contracts/enums'

/** What the seller picked above the order table; 'all' means no filter on that field. */
export type OrderListFilters = {
  search: string
  status: OrderStatus | 'all'
  paymentStatus: PaymentStatus | 'all'
  deliveryType: DeliveryType | 'all'
  /** The "Pago pendiente" chip: open orders still waiting for their payment. */
  unpaid: boolean
}

export const DEFAULT_ORDER_SORT: OrderSort = '-createdAt'

export function emptyOrderFilters(): OrderListFilters {
  return { search: '', status: 'all', paymentStatus: 'all', deliveryType: 'all', unpaid: false }
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

export type OrderListParams = { page: number; limit: number; sort: OrderSort; query?: string }

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

/** Clicking a column: the same column flips; another one starts with the newest / highest. */
export function nextOrderSort(current: OrderSort, field: 'createdAt' | 'total'): OrderSort {
  if (current === `-${field}`) return field
  return `-${field}`
}
