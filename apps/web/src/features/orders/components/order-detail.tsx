import type { Order } from '@barrio/contracts/orders'
import { scheduledForLabel } from '@barrio/contracts/store-time-labels'
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { useDocumentTitle } from '@mantine/hooks'
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { ErrorState } from '@/components/errors/error-state'
import { useOrder } from '@/api/customer/orders/get-order'
import { ORDER_POLL_INTERVAL_MS, useOrderLive } from '@/api/customer/orders/use-order-live'
import { OrderBadges } from '@/components/order-badges/order-badges'
import { CancelOrder, ContactStore } from '@/features/orders/components/order-customer-actions'
import { OrderInvoiceLinks } from '@/features/orders/components/order-invoice-links'
import { OrderItems, OrderTotals } from '@/features/orders/components/order-lines'
import { OrderNextSteps } from '@/features/orders/components/order-next-steps'
import { OrderTimeline } from '@/features/orders/components/order-timeline'
import { isOrderLive, orderNumber } from '@/features/orders/utils/order-format'
import { formatDateTime } from '@/lib/format'
import { formatPhone } from '@/lib/format-phone'
import { paths } from '@/config/paths'
import { isApiError } from '@/lib/http/api-error'

/** The page's heading until the order (and its number) is known. */
export const ORDER_PAGE_TITLE = 'Detalle del pedido'

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = `order-section-${title.replace(/\s+/g, '-').toLowerCase()}`
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  )
}

function Fulfillments({
  fulfillments,
  items,
}: {
  fulfillments: Order['fulfillments']
  items: Order['items']
}) {
  const titleOf = (itemId: string) => items.find((i) => i._id === itemId)?.title ?? ''
  return (
    <Stack gap="sm">
      {fulfillments.map((f) => (
        <Stack key={f._id} gap={4}>
          <Group gap="xs">
            <Badge variant="light" tt="none" color={f.status === 'cancelled' ? 'red' : 'blue'}>
              {f.label}
            </Badge>
            <Text size="xs" c="dimmed">
              <time dateTime={f.createdAt}>{formatDateTime(f.createdAt)}</time>
            </Text>
          </Group>
          {fulfillments.length > 1 && f.items.length > 0 ? (
            <Text size="sm">
              {f.items.map((i) => `${i.quantity} × ${titleOf(i.itemId)}`).join(', ')}
            </Text>
          ) : null}
          {/* A cancelled shipment's reason is the store's (decision 037): never shown here. */}
          {f.events.length > 0 ? (
            <OrderTimeline entries={f.events} label="Historial del envío" />
          ) : null}
        </Stack>
      ))}
    </Stack>
  )
}

export function OrderLoading() {
  return (
    <Stack gap="md" role="group" aria-busy="true" aria-label="Cargando el pedido">
      <Skeleton height={36} width="50%" />
      <Skeleton height={24} width="70%" />
      <Skeleton height={180} radius="md" />
    </Stack>
  )
}

export function OrderError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isApiError(error) && (error.statusCode === 404 || error.statusCode === 400)) {
    return (
      <Alert color="gray" variant="light" title="No encontramos este pedido">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Puede que sea de otra cuenta o que el enlace esté incompleto.</Text>
          <Button size="xs" variant="light" component={Link} to={paths.orders.getHref()}>
            Ver mis pedidos
          </Button>
        </Stack>
      </Alert>
    )
  }
  return <ErrorState title="No pudimos cargar el pedido" error={error} onRetry={onRetry} />
}

export type OrderDetailProps = {
  orderId: string
  /** Actions composed by the page (e.g. "Volver a pedir", which belongs to the cart). */
  renderActions?: (order: Order) => ReactNode
}

/**
 * /orders/{id}: number and statuses, what to do next, items and totals, preparation and the
 * timeline. It follows the order live (server-sent events, or polling every 15 s).
 */
export function OrderDetail({ orderId, renderActions }: OrderDetailProps) {
  // Two observers of one query: the first tells whether the order can still change, the second
  // polls when the live stream is not available.
  const first = useOrder(orderId)
  const live = useOrderLive(orderId, first.data ? isOrderLive(first.data) : false)
  const query = useOrder(orderId, {
    refetchInterval: live === 'polling' ? ORDER_POLL_INTERVAL_MS : false,
  })
  const order = query.data
  useDocumentTitle(order ? `Pedido ${orderNumber(order)} · Barrio` : 'Pedido · Barrio')

  if (!order) {
    return (
      <Stack gap="lg">
        <Title order={1}>{ORDER_PAGE_TITLE}</Title>
        {query.isPending ? (
          <OrderLoading />
        ) : (
          <OrderError error={query.error} onRetry={() => void query.refetch()} />
        )}
      </Stack>
    )
  }

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.orders.getHref()} size="sm">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={16} aria-hidden />
          Mis pedidos
        </Group>
      </Anchor>
      <Stack gap={6}>
        <Title order={1}>Pedido {orderNumber(order)}</Title>
        <Text c="dimmed">
          {order.store.name} ·{' '}
          <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
        </Text>
        {order.scheduledFor ? (
          <Text fw={600} data-testid="order-scheduled">
            {order.deliveryTypeLabel} ·{' '}
            <time dateTime={order.scheduledFor.start}>{scheduledForLabel(order.scheduledFor)}</time>
          </Text>
        ) : null}
        <div aria-live="polite">
          <OrderBadges order={order} />
        </div>
      </Stack>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Card title="Qué sigue">
              <OrderNextSteps order={order} />
            </Card>
            <Card title="Productos">
              <OrderItems items={order.items} />
              <OrderTotals order={order} />
            </Card>
            {order.fulfillments.length > 0 ? (
              <Card title="Preparación y entrega">
                <Fulfillments fulfillments={order.fulfillments} items={order.items} />
              </Card>
            ) : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Card title="Seguimiento">
              {live === 'stream' ? (
                <Text size="xs" c="dimmed">
                  Se actualiza solo cuando hay novedades.
                </Text>
              ) : null}
              <div aria-live="polite">
                <OrderTimeline entries={order.timeline} />
              </div>
            </Card>
            {order.store.phone || order.customerActions.canCancel ? (
              <Card title="¿Necesitás algo?">
                <ContactStore order={order} />
                <CancelOrder order={order} />
              </Card>
            ) : null}
            <Card title="Tus datos">
              <Stack gap={2}>
                <Text size="sm">
                  {order.contact.firstName} {order.contact.lastName}
                </Text>
                <Text size="sm">{formatPhone(order.contact.phone)}</Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {order.contact.email}
                </Text>
                <Text size="sm" c="dimmed" mt={4}>
                  {order.deliveryTypeLabel} · {order.paymentMethodLabel}
                </Text>
                {order.scheduledFor ? (
                  <Text size="sm">{scheduledForLabel(order.scheduledFor)}</Text>
                ) : null}
                {order.note ? (
                  <Text size="sm" mt={4} style={{ whiteSpace: 'pre-line' }}>
                    Nota: {order.note}
                  </Text>
                ) : null}
              </Stack>
            </Card>
            <OrderInvoiceLinks order={order} />
            <Group gap="sm">
              {renderActions?.(order)}
              <Button
                variant="default"
                component={Link}
                to={paths.orderLegacy.getHref(order._id)}
                leftSection={<IconPrinter size={16} aria-hidden />}
              >
                Versión para imprimir
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  )
}
