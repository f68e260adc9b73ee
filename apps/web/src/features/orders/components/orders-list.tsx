import { NO_OWNER_MESSAGE } from '@barrio/contracts/addresses'
import type { Order } from '@barrio/contracts/orders'
import { scheduledForLabel } from '@barrio/contracts/store-time-labels'
import {
  Alert,
  Anchor,
  Button,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core'
import { IconReceipt } from '@tabler/icons-react'
import { Link } from 'react-router'

import { ErrorState } from '@/components/errors/error-state'
import { useOrders } from '@/api/customer/orders/get-orders'
import { OrderBadges } from '@/components/order-badges/order-badges'
import { orderNumber } from '@/features/orders/utils/order-format'
import { paths } from '@/config/paths'
import { openLoginModal } from '@/lib/app-store'

import { formatDateTime, formatMoney, plural } from '@/lib/format'

import classes from './orders.module.css'

export const NO_ORDERS_TEXT = 'Todavía no hiciste pedidos'

function OrderCard({ order }: { order: Order }) {
  const items = order.items.reduce((sum, item) => sum + item.quantity, 0)
  return (
    <Paper component="article" withBorder radius="md" p="md" aria-labelledby={`order-${order._id}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Anchor
            component={Link}
            to={paths.order.getHref(order._id)}
            fw={700}
            size="lg"
            id={`order-${order._id}`}
          >
            Pedido {orderNumber(order)}
          </Anchor>
          <Text size="sm" c="dimmed">
            <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
          </Text>
        </Group>
        <Text fw={600}>{order.store.name}</Text>
        <OrderBadges order={order} />
        {order.scheduledFor ? (
          <Text size="sm" fw={600} data-testid="order-scheduled">
            {scheduledForLabel(order.scheduledFor)}
          </Text>
        ) : null}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" c="dimmed">
            {plural(items, 'producto', 'productos')} · {order.deliveryTypeLabel}
          </Text>
          <Text fw={700} data-testid="order-total">
            {formatMoney(order.total)}
          </Text>
        </Group>
      </Stack>
    </Paper>
  )
}

/** /orders: the customer's orders, 50 a page, newest first. */
export function OrdersList({
  page,
  onPageChange,
}: {
  page: number
  onPageChange: (page: number) => void
}) {
  const query = useOrders(page)

  if (query.isPending) {
    return (
      <Stack gap="sm" role="group" aria-busy="true" aria-label="Cargando tus pedidos">
        <Skeleton height={120} radius="md" />
        <Skeleton height={120} radius="md" />
      </Stack>
    )
  }
  if (query.isError) {
    if (query.error instanceof Error && query.error.message === NO_OWNER_MESSAGE) {
      return (
        <Alert color="yellow" variant="light" title="Iniciá sesión para ver tus pedidos">
          <Button size="xs" mt="xs" onClick={() => openLoginModal('login')}>
            Iniciar sesión
          </Button>
        </Alert>
      )
    }
    return (
      <ErrorState
        title="No pudimos cargar tus pedidos"
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    )
  }

  const { docs, totalPages, totalDocs } = query.data
  if (totalDocs === 0) {
    return (
      <Stack align="center" gap="sm" py="xl" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconReceipt size={28} />
        </ThemeIcon>
        <Title order={2} size="h4">
          {NO_ORDERS_TEXT}
        </Title>
        <Text c="dimmed" size="sm">
          Cuando compres en un comercio del barrio, vas a poder seguir tu pedido desde acá.
        </Text>
        <Button component={Link} to={paths.shops.getHref()}>
          Ver comercios
        </Button>
      </Stack>
    )
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" aria-live="polite">
        {plural(totalDocs, 'pedido', 'pedidos')}
        {totalPages > 1 ? ` · página ${page} de ${totalPages}` : ''}
      </Text>
      <ul className={classes.list} aria-label="Tus pedidos">
        {docs.map((order) => (
          <li key={order._id}>
            <OrderCard order={order} />
          </li>
        ))}
      </ul>
      {totalPages > 1 ? (
        <Group justify="center">
          <Pagination
            total={totalPages}
            value={page}
            onChange={onPageChange}
            getControlProps={(control) => ({
              'aria-label': control === 'next' ? 'Página siguiente' : 'Página anterior',
            })}
            getItemProps={(item) => ({ 'aria-label': `Página ${item}` })}
          />
        </Group>
      ) : null}
    </Stack>
  )
}
