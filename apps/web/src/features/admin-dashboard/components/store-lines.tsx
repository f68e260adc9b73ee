import type { DashboardStoreLine } from '@barrio/contracts/admin-dashboard'
import { Badge, Card, Group, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core'

import { formatCount, formatMoney, plural } from '@/lib/format'

/** A line before its day's figures arrive: the store as the switcher already knows it. */
export type StoreLine = Pick<DashboardStoreLine, '_id' | 'name' | 'isOpen'> &
  Partial<Pick<DashboardStoreLine, 'today' | 'waiting'>>

/**
 * Owners of several stores: one line per store (open, today's sales and orders, orders waiting);
 * choosing a line switches the selected store. Hidden for a single store. Lines whose figures are
 * still loading keep their place with a skeleton, so nothing below moves when they arrive.
 */
export function StoreLines({
  stores,
  selectedStoreId,
  onSelect,
}: {
  stores: StoreLine[]
  selectedStoreId: string | null
  onSelect: (storeId: string) => void
}) {
  if (stores.length < 2) return null
  return (
    <Card withBorder padding="sm" component="section" aria-labelledby="store-lines-title">
      <Title order={2} fz="md" id="store-lines-title" px="xs" mb="xs">
        Tus tiendas hoy
      </Title>
      <Stack gap={4}>
        {stores.map((store) => {
          const selected = store._id === selectedStoreId
          return (
            <UnstyledButton
              key={store._id}
              onClick={() => onSelect(store._id)}
              aria-current={selected ? 'true' : undefined}
              px="xs"
              py={6}
              style={{
                borderRadius: 'var(--mantine-radius-sm)',
                background: selected ? 'var(--mantine-color-green-light)' : undefined,
              }}
            >
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm" truncate>
                    {store.name}
                  </Text>
                  <Badge size="xs" variant="light" color={store.isOpen ? 'green' : 'gray'}>
                    {store.isOpen ? 'Abierta' : 'Cerrada'}
                  </Badge>
                </Group>
                {store.today && store.waiting !== undefined ? (
                  <Text size="sm" c="dimmed">
                    {/* Null for a role that sees no statistics (staff, decision 029). */}
                    {store.today.sales !== null ? `${formatMoney(store.today.sales)} · ` : null}
                    {plural(store.today.orders, 'pedido', 'pedidos')} · {formatCount(store.waiting)}{' '}
                    para atender
                  </Text>
                ) : (
                  <Skeleton height={20} width="16rem" maw="100%" aria-hidden />
                )}
              </Group>
            </UnstyledButton>
          )
        })}
      </Stack>
    </Card>
  )
}
