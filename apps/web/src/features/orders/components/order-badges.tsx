import type { OrderFulfillmentStatus, OrderStatus, PaymentStatus } from '@barrio/contracts/enums'
import type { Order } from '@barrio/contracts/orders'
import { Badge, Group, VisuallyHidden } from '@mantine/core'

const STATUS_COLORS: Record<OrderStatus, string> = {
  open: 'blue',
  unfulfilled: 'gray',
  fulfilled: 'teal',
  completed: 'green',
  cancelled: 'red',
  archived: 'gray',
}

const PAYMENT_COLORS: Record<PaymentStatus, string> = {
  pending: 'yellow',
  paid: 'green',
  refunded: 'grape',
  partially_refunded: 'grape',
  partially_paid: 'orange',
  authorized: 'blue',
  voided: 'red',
}

const FULFILLMENT_COLORS: Record<OrderFulfillmentStatus, string> = {
  pending: 'yellow',
  in_progress: 'blue',
  fulfilled: 'teal',
  delivered: 'green',
  unfulfilled: 'gray',
  partially_fulfilled: 'orange',
}

function StatusBadge({ kind, label, color }: { kind: string; label: string; color: string }) {
  return (
    <Badge color={color} variant="light" tt="none" size="md" data-testid={`order-${kind}`}>
      <VisuallyHidden>
        {kind === 'status' ? 'Estado: ' : kind === 'payment' ? 'Pago: ' : 'Preparación: '}
      </VisuallyHidden>
      <span>{label}</span>
    </Badge>
  )
}

/** The order's status, payment status and preparation status, with the server's Spanish labels. */
export function OrderBadges({
  order,
}: {
  order: Pick<
    Order,
    | 'status'
    | 'statusLabel'
    | 'paymentStatus'
    | 'paymentStatusLabel'
    | 'fulfillmentStatus'
    | 'fulfillmentStatusLabel'
  >
}) {
  return (
    <Group gap={6} wrap="wrap">
      <StatusBadge kind="status" label={order.statusLabel} color={STATUS_COLORS[order.status]} />
      <StatusBadge
        kind="payment"
        label={order.paymentStatusLabel}
        color={PAYMENT_COLORS[order.paymentStatus]}
      />
      <StatusBadge
        kind="fulfillment"
        label={order.fulfillmentStatusLabel}
        color={FULFILLMENT_COLORS[order.fulfillmentStatus]}
      />
    </Group>
  )
}
