/** Order status chips shared by the customer's orders and the seller's back office. */
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

/** The customer's and the seller's order shapes both carry these fields. */
type Badged = Pick<
  Order,
  | 'status'
  | 'statusLabel'
  | 'paymentStatus'
  | 'paymentStatusLabel'
  | 'fulfillmentStatus'
  | 'fulfillmentStatusLabel'
>

/** "Estado: En proceso" as a chip (the prefix is for screen readers). */
export function OrderStatusBadge({ order }: { order: Pick<Badged, 'status' | 'statusLabel'> }) {
  return (
    <Badge color={STATUS_COLORS[order.status]} variant="light" tt="none" data-testid="order-status">
      <VisuallyHidden>Estado: </VisuallyHidden>
      {order.statusLabel}
    </Badge>
  )
}

export function PaymentStatusBadge({
  order,
}: {
  order: Pick<Badged, 'paymentStatus' | 'paymentStatusLabel'>
}) {
  return (
    <Badge
      color={PAYMENT_COLORS[order.paymentStatus]}
      variant="light"
      tt="none"
      data-testid="order-payment"
    >
      <VisuallyHidden>Pago: </VisuallyHidden>
      {order.paymentStatusLabel}
    </Badge>
  )
}

export function FulfillmentStatusBadge({
  order,
}: {
  order: Pick<Badged, 'fulfillmentStatus' | 'fulfillmentStatusLabel'>
}) {
  return (
    <Badge
      color={FULFILLMENT_COLORS[order.fulfillmentStatus]}
      variant="outline"
      tt="none"
      data-testid="order-fulfillment"
    >
      <VisuallyHidden>Preparación: </VisuallyHidden>
      {order.fulfillmentStatusLabel}
    </Badge>
  )
}

/** Status, payment and preparation, side by side. */
export function OrderBadges({ order }: { order: Badged }) {
  return (
    <Group gap={6} wrap="wrap">
      <OrderStatusBadge order={order} />
      <PaymentStatusBadge order={order} />
      <FulfillmentStatusBadge order={order} />
    </Group>
  )
}
