import type { Analytics } from '@barrio/contracts/analytics'
import { Group, Progress, Stack, Text } from '@mantine/core'

import { SectionCard } from '@/components/admin/section-card'
import { share } from '@/features/admin-analytics/utils/figures'
import { formatCount, formatPercent } from '@/lib/format'

/** Buyers of the period: first order at the store vs those who had ordered before. */
export function CustomersCard({ data }: { data: Analytics }) {
  const { new: fresh, returning } = data.customers
  const total = fresh + returning
  const returningShare = Math.round(share(returning, total))
  return (
    <SectionCard title="Clientes">
      <Stack gap="xs">
        <Group grow gap="sm">
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              Nuevos
            </Text>
            <Text fw={700} fz="xl">
              {formatCount(fresh)}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              Volvieron a comprar
            </Text>
            <Text fw={700} fz="xl">
              {formatCount(returning)}
            </Text>
          </Stack>
        </Group>
        {total > 0 ? (
          <>
            <Progress.Root size="md" aria-hidden>
              <Progress.Section value={100 - returningShare} color="blue.5" />
              <Progress.Section value={returningShare} color="teal.6" />
            </Progress.Root>
            <Text size="xs" c="dimmed">
              {formatPercent(returningShare)} de tus clientes del período ya te habían comprado.
            </Text>
          </>
        ) : null}
      </Stack>
    </SectionCard>
  )
}
