import type { DashboardDay } from '@barrio/contracts/admin-dashboard'
import { Badge, Card, Group, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core'

import { formatCount, formatMoney, formatPercent } from '@/lib/format'
import { useCan } from '@/lib/store-role'

/** Whole percent against last week ("+12 %"); nothing to compare with when last week had nothing. */
function change(today: number, lastWeek: number) {
  if (lastWeek === 0) return null
  return Math.round(((today - lastWeek) / lastWeek) * 100)
}

function Kpi({
  label,
  value,
  today,
  lastWeek,
  lastWeekText,
}: {
  label: string
  value: string
  today: number
  lastWeek: number
  lastWeekText: string
}) {
  const delta = change(today, lastWeek)
  return (
    <Card withBorder padding="md">
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Group gap="xs" align="baseline">
          <Text fz={28} fw={700} lh={1.1}>
            {value}
          </Text>
          {delta !== null ? (
            <Badge variant="light" color={delta >= 0 ? 'green' : 'red'}>
              {delta >= 0 ? '+' : ''}
              {formatPercent(delta)}
              <VisuallyHidden> que la semana pasada</VisuallyHidden>
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          Mismo día la semana pasada: {lastWeekText}
        </Text>
      </Stack>
    </Card>
  )
}

/**
 * Today's sales and orders against the same weekday last week. The sales only for a role that sees
 * statistics (staff do not, decision 029): the API sends them as null, and the role hides them.
 */
export function SalesCards({ today, lastWeek }: { today: DashboardDay; lastWeek: DashboardDay }) {
  const seesStatistics = useCan('analytics')
  const sales =
    seesStatistics && today.sales !== null && lastWeek.sales !== null
      ? { today: today.sales, lastWeek: lastWeek.sales }
      : null
  return (
    <SimpleGrid cols={{ base: 1, xs: sales ? 2 : 1 }} spacing="sm">
      {sales ? (
        <Kpi
          label="Ventas de hoy"
          value={formatMoney(sales.today)}
          today={sales.today}
          lastWeek={sales.lastWeek}
          lastWeekText={formatMoney(sales.lastWeek)}
        />
      ) : null}
      <Kpi
        label="Pedidos de hoy"
        value={formatCount(today.orders)}
        today={today.orders}
        lastWeek={lastWeek.orders}
        lastWeekText={formatCount(lastWeek.orders)}
      />
    </SimpleGrid>
  )
}
