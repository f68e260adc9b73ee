import { DEFAULT_LOCALE } from '@barrio/contracts/constants'
import type { Order } from '@barrio/contracts/orders'

/** "#1001". */
export function orderNumber(order: Pick<Order, 'number'>): string {
  return `#${order.number}`
}

/** An amount ready to paste in a banking app: "12345,50" (no currency sign, no grouping). */
export function plainAmount(centavos: number): string {
  return (centavos / 100).toLocaleString(DEFAULT_LOCALE, {
    useGrouping: false,
    minimumFractionDigits: centavos % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  })
}

/** The order's timeline, newest first (the API sends it oldest first). */
export function newestFirst<T>(entries: readonly T[]): T[] {
  return [...entries].reverse()
}

const FINAL_STATUSES = new Set<Order['status']>(['completed', 'cancelled', 'archived'])

/** Orders that can still change are followed live. */
export function isOrderLive(order: Pick<Order, 'status'>): boolean {
  return !FINAL_STATUSES.has(order.status)
}
