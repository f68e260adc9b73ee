import { scheduledForLabel } from '@barrio/contracts/store-time-labels'

/** The slot columns of an order row (issue 26); both null for an order as soon as possible. */
export type ScheduledColumns = { scheduledStart?: Date | null; scheduledEnd?: Date | null }

/**
 * "Programado para el sábado 10:00–10:30" (Buenos Aires time) for a scheduled order, else null:
 * the one wording of the customer's e-mails and the pushes, the same the web shows.
 */
export function scheduledLabelOf(order: ScheduledColumns, now: Date = new Date()): string | null {
  if (!order.scheduledStart || !order.scheduledEnd) return null
  return scheduledForLabel(
    { start: order.scheduledStart.toISOString(), end: order.scheduledEnd.toISOString() },
    now,
  )
}
