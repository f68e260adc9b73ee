import type { DashboardLatestOrder } from '@barrio/contracts/admin-dashboard'
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '@barrio/contracts/labels-es'
import { Anchor, Badge, Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core'
import { Link } from 'react-router'

import { EmptyBlock } from '@/components/admin/page-states'
import { paths } from '@/config/paths'
import { dashboardLinks } from '@/features/admin-dashboard/utils/dashboard-links'
import { formatDateTime, formatMoney } from '@/lib/format'

/** The store's latest orders, newest first; each line opens the order. */
export function LatestOrders({ orders }: { orders: DashboardLatestOrder[] }) {
  return (
    <Card withBorder padding="sm" component="section" aria-labelledby="latest-orders-title">
      <Group justify="space-between" px="xs" mb="xs">
        <Title order={2} fz="md" id="latest-orders-title">
          Últimos pedidos
        </Title>
        <Anchor component={Link} to={paths.admin.orders.getHref()} size="sm">
          Ver todos
        </Anchor>
      </Group>
      {orders.length === 0 ? (
        <EmptyBlock
          title="Todavía no tenés pedidos"
          description="Cuando un cliente compre, el pedido aparece acá al instante."
        />
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {orders.map((order) => (
            <li key={order._id}>
              <UnstyledButton
                component={Link}
                to={dashboardLinks.order(order._id)}
                w="100%"
                px="xs"
                py={8}
                // A link is inline by default: as a block its top border spans the row.
                style={{
                  display: 'block',
                  borderTop: '1px solid var(--mantine-color-default-border)',
                }}
              >
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm" truncate>
                      #{order.number} · {order.customerName || 'Sin nombre'}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(order.createdAt)}
                    </Text>
                  </Stack>
                  <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                    <Text fw={600} size="sm">
                      {formatMoney(order.total)}
                    </Text>
                    <Group gap={4} wrap="nowrap">
                      <Badge size="xs" variant="light">
                        {ORDER_STATUS_LABELS[order.status]}
                      </Badge>
                      <Badge
                        size="xs"
                        variant="light"
                        color={order.paymentStatus === 'paid' ? 'green' : 'orange'}
                      >
                        {PAYMENT_STATUS_LABELS[order.paymentStatus]}
                      </Badge>
                    </Group>
                  </Stack>
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  )
}
