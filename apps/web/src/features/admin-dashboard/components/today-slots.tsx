import type { DashboardSlot } from '@barrio/contracts/admin-dashboard'
import { clockLabel } from '@barrio/contracts/store-time-labels'
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router'

import { EmptyBlock } from '@/components/admin/page-states'
import { dashboardLinks } from '@/features/admin-dashboard/utils/dashboard-links'
import { formatCount } from '@/lib/format'

/**
 * "Para hoy, por franja" (issue 26): the day's scheduled orders by slot, earliest first, each
 * order a link to its page, and the day's "Programados para" view of the orders list.
 */
export function TodaySlots({ slots, date }: { slots: DashboardSlot[]; date: string }) {
  return (
    <Card withBorder padding="sm" component="section" aria-labelledby="today-slots-title">
      <Group justify="space-between" px="xs" mb="xs">
        <Title order={2} fz="md" id="today-slots-title">
          Para hoy, por franja
        </Title>
        {slots.length > 0 && (
          <Anchor component={Link} to={dashboardLinks.scheduledOn(date)} size="sm">
            Ver en pedidos
          </Anchor>
        )}
      </Group>
      {slots.length === 0 ? (
        <EmptyBlock
          title="No hay pedidos programados para hoy"
          description="Cuando un cliente programe un pedido para hoy, lo ves acá en su franja."
        />
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {slots.map((slot) => {
            const range = `${clockLabel(slot.start)}–${clockLabel(slot.end)}`
            const count = `${formatCount(slot.count)} ${slot.count === 1 ? 'pedido' : 'pedidos'}`
            return (
              <li
                key={slot.start}
                aria-label={`${range}: ${count}`}
                style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
              >
                <Group justify="space-between" wrap="nowrap" gap="sm" px="xs" py={8}>
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm">
                      {range}
                    </Text>
                    <Group gap="xs">
                      {slot.orders.map((order) => (
                        <Anchor
                          key={order._id}
                          component={Link}
                          to={dashboardLinks.order(order._id)}
                          size="sm"
                          aria-label={`Pedido #${order.number}`}
                        >
                          #{order.number}
                        </Anchor>
                      ))}
                    </Group>
                  </Stack>
                  <Badge variant="light" style={{ flexShrink: 0 }}>
                    {count}
                  </Badge>
                </Group>
              </li>
            )
          })}
        </Stack>
      )}
    </Card>
  )
}
