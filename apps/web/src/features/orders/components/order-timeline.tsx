import type { Order } from '@barrio/contracts/orders'
import { Text } from '@mantine/core'

import { newestFirst } from '@/features/orders/utils/order-format'
import { formatDateTime } from '@/lib/format'

import classes from './orders.module.css'

/** The order's history, newest first: label, note and date (es-AR). */
export function OrderTimeline({
  entries,
  label = 'Historial del pedido',
}: {
  entries: Order['timeline']
  /** Accessible name: the order's history, or one shipment's ("Historial del envío"). */
  label?: string
}) {
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Todavía no hay novedades.
      </Text>
    )
  }
  return (
    <ol className={classes.timeline} aria-label={label} data-testid="order-timeline">
      {newestFirst(entries).map((entry, index) => (
        <li key={`${entry.type}-${entry.createdAt}-${index}`} className={classes.timelineEntry}>
          <Text fw={600} size="sm">
            {entry.label}
          </Text>
          {entry.note ? (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {entry.note}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
          </Text>
        </li>
      ))}
    </ol>
  )
}
