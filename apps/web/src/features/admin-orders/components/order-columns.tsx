import type { AdminOrderSummary } from '@barrio/contracts/admin-orders'
import { slotLabel } from '@barrio/contracts/store-time-labels'
import { Anchor, Text } from '@mantine/core'
import { Link } from 'react-router'

import type { ListColumn } from '@/components/admin/list/data-list-types'
import { OrderStatusBadge, PaymentStatusBadge } from '@/components/order-badges/order-badges'
import { paths } from '@/config/paths'
import { formatDateTime, formatMoney } from '@/lib/format'

type OrderColumn = ListColumn<AdminOrderSummary>

const nowrap = { whiteSpace: 'nowrap' } as const

/**
 * The order list's columns, one definition for every list of orders (the store's orders, a
 * customer's orders). A list picks the ones it shows; sortable lists add their sort fields.
 */
export const ORDER_COLUMNS = {
  number: {
    key: 'number',
    header: 'Pedido',
    card: 'title',
    cell: (order) => (
      <Anchor
        component={Link}
        to={paths.admin.order.getHref(order._id)}
        fw={700}
        aria-label={`Pedido #${order.number}`}
      >
        #{order.number}
      </Anchor>
    ),
  },
  createdAt: {
    key: 'createdAt',
    header: 'Fecha',
    cell: (order) => (
      <Text size="sm" style={nowrap}>
        {formatDateTime(order.createdAt)}
      </Text>
    ),
  },
  customer: {
    key: 'customer',
    header: 'Cliente',
    cell: (order) => (
      <>
        <Text size="sm" lineClamp={1}>
          {order.customer.name}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {order.customer.email}
        </Text>
      </>
    ),
  },
  total: {
    key: 'total',
    header: 'Total',
    cell: (order) => (
      <Text size="sm" fw={600} style={nowrap}>
        {formatMoney(order.total)}
      </Text>
    ),
  },
  status: {
    key: 'status',
    header: 'Estado',
    nowrap: true,
    cell: (order) => <OrderStatusBadge order={order} />,
  },
  payment: {
    key: 'payment',
    header: 'Pago',
    nowrap: true,
    cell: (order) => <PaymentStatusBadge order={order} />,
  },
  delivery: {
    key: 'delivery',
    header: 'Entrega',
    cell: (order) => <Text size="sm">{order.deliveryTypeLabel}</Text>,
  },
  /** The slot of a scheduled order (issue 26): "mañana 9:00–9:30", Buenos Aires time. */
  slot: {
    key: 'slot',
    header: 'Franja',
    cell: (order) =>
      order.scheduledFor ? (
        <Text size="sm" fw={600} style={nowrap}>
          <time dateTime={order.scheduledFor.start}>{slotLabel(order.scheduledFor)}</time>
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          Sin programar
        </Text>
      ),
  },
} satisfies Record<string, OrderColumn>
