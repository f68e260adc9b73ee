import type { AdminOrderSummary } from '@barrio/contracts/admin-orders'
import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { ErrorState } from '@/components/errors/error-state'
import { paths } from '@/config/paths'
import { useAwaitingPayments } from '@/api/admin/payments/get-awaiting-payments'
import { formatDateTime, formatMoney } from '@/lib/format'

/**
 * "Por confirmar": transfers and cash the seller has not confirmed yet. The action on each
 * (e.g. "Marcar como pagado") comes from the page, which composes the orders feature.
 */
export function AwaitingPayments({ action }: { action: (order: AdminOrderSummary) => ReactNode }) {
  const awaiting = useAwaitingPayments()
  return (
    <Stack gap="xs" component="section" aria-labelledby="awaiting-title">
      <Title order={2} size="h4" id="awaiting-title">
        Por confirmar
      </Title>
      {awaiting.isError ? (
        <ErrorState error={awaiting.error} onRetry={() => void awaiting.refetch()} />
      ) : !awaiting.data ? (
        <Skeleton h={60} aria-busy="true" />
      ) : awaiting.data.docs.length === 0 ? (
        <Text size="sm" c="dimmed">
          No hay transferencias ni pagos en efectivo esperando tu confirmación.
        </Text>
      ) : (
        <Stack gap="xs">
          {awaiting.data.docs.map((order) => (
            <Paper key={order._id} withBorder p="sm" radius="md">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0}>
                  <Group gap="xs">
                    <Anchor component={Link} to={paths.admin.order.getHref(order._id)} fw={700}>
                      #{order.number}
                    </Anchor>
                    <Text size="sm">{order.customer.name}</Text>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {order.paymentMethodLabel} · {formatDateTime(order.createdAt)}
                  </Text>
                </Stack>
                <Group gap="sm">
                  <Text fw={600}>{formatMoney(order.total)}</Text>
                  {action(order)}
                </Group>
              </Group>
            </Paper>
          ))}
          {awaiting.data.hasNextPage ? (
            <Text size="xs" c="dimmed">
              Mostramos los {awaiting.data.docs.length} más antiguos de {awaiting.data.totalDocs}.
            </Text>
          ) : null}
        </Stack>
      )}
    </Stack>
  )
}
