import type { Analytics } from '@barrio/contracts/analytics'
import { Group, Paper, SimpleGrid, Text } from '@mantine/core'

import { cancellationRate, percentChange } from '@/features/admin-analytics/utils/figures'
import { formatCount, formatMoney, formatPercent } from '@/lib/format'

type Trend = { text: string; label: string; color: string }

/** "▲ 12,5 %" against the previous period; green when the change is good for the shop. */
function trend(change: number | null, higherIsBetter: boolean, unit = '%'): Trend | null {
  if (change === null) return null
  const rounded = Math.round(change * 10) / 10
  if (rounded === 0)
    return { text: '= 0 %', label: 'igual que el período anterior', color: 'dimmed' }
  const up = rounded > 0
  const amount =
    unit === '%'
      ? formatPercent(Math.abs(rounded))
      : `${formatPercent(Math.abs(rounded)).replace(' %', '')} p. p.`
  return {
    text: `${up ? '▲' : '▼'} ${amount}`,
    label: `${up ? 'subió' : 'bajó'} ${amount} frente al período anterior`,
    color: up === higherIsBetter ? 'teal.7' : 'red.7',
  }
}

function Kpi({ title, value, change }: { title: string; value: string; change: Trend | null }) {
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={title}>
      <Text size="sm" c="dimmed">
        {title}
      </Text>
      <Text fw={700} fz={{ base: 20, sm: 26 }} lh={1.3}>
        {value}
      </Text>
      <Group gap={4} mih={20}>
        {change ? (
          <Text size="xs" c={change.color} fw={600} aria-label={`${title}: ${change.label}`}>
            {change.text}
          </Text>
        ) : (
          <Text size="xs" c="dimmed">
            Sin datos del período anterior
          </Text>
        )}
      </Group>
    </Paper>
  )
}

/**
 * Ventas, Pedidos, Ticket promedio and Tasa de cancelación, each against the previous period; and
 * the coupons' discounts when the store gave any.
 */
export function KpiCards({ data }: { data: Analytics }) {
  const { totals, previous } = data
  const rate = cancellationRate(totals)
  const previousRate = cancellationRate(previous)
  const hadPrevious = previous.orders + previous.cancelled > 0
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      <Kpi
        title="Ventas"
        value={formatMoney(totals.sales)}
        change={trend(percentChange(totals.sales, previous.sales), true)}
      />
      <Kpi
        title="Pedidos"
        value={formatCount(totals.orders)}
        change={trend(percentChange(totals.orders, previous.orders), true)}
      />
      <Kpi
        title="Ticket promedio"
        value={formatMoney(totals.averageTicket)}
        change={trend(percentChange(totals.averageTicket, previous.averageTicket), true)}
      />
      <Kpi
        title="Tasa de cancelación"
        value={formatPercent(Math.round(rate * 10) / 10)}
        change={hadPrevious ? trend(rate - previousRate, false, 'p.p.') : null}
      />
      {/* Only for stores that give coupons (issue 28): what they took off the orders. */}
      {totals.discounts > 0 || previous.discounts > 0 ? (
        <Kpi title="Descuentos con cupones" value={formatMoney(totals.discounts)} change={null} />
      ) : null}
    </SimpleGrid>
  )
}
