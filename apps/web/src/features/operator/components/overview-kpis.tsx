import type { OperatorOverview } from '@barrio/contracts/operator-overview'
import { Paper, SimpleGrid, Text } from '@mantine/core'

import { formatCount, formatMoney, formatPercent, plural } from '@/lib/format'

function Kpi({ title, value, hint }: { title: string; value: string; hint?: string }) {
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={title}>
      <Text size="sm" c="dimmed">
        {title}
      </Text>
      <Text fw={700} fz={{ base: 20, sm: 26 }} lh={1.3}>
        {value}
      </Text>
      <Text size="xs" c="dimmed" mih={18}>
        {hint ?? ''}
      </Text>
    </Paper>
  )
}

/** 0.0834 → "8,3 %". */
export function ratePercent(rate: number): string {
  return formatPercent(Math.round(rate * 1000) / 10)
}

/** The city's totals: money, orders, stores and customers of the range. */
export function OverviewKpis({ totals }: { totals: OperatorOverview['totals'] }) {
  const take = totals.gmv === 0 ? null : totals.commission / totals.gmv
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      <Kpi title="Ventas (GMV)" value={formatMoney(totals.gmv)} hint="Netas de devoluciones" />
      <Kpi
        title="Pedidos"
        value={formatCount(totals.orders)}
        hint={
          totals.cancelled > 0
            ? `Sin contar ${plural(totals.cancelled, 'cancelado', 'cancelados')}`
            : undefined
        }
      />
      <Kpi
        title="Comisión de Barrio"
        value={formatMoney(totals.commission)}
        hint={take === null ? undefined : `${ratePercent(take)} de las ventas`}
      />
      <Kpi title="Ticket promedio" value={formatMoney(totals.averageTicket)} />
      <Kpi
        title="Tiendas con ventas"
        value={formatCount(totals.activeStores)}
        hint={`de ${plural(totals.listedStores, 'tienda visible', 'tiendas visibles')} hoy`}
      />
      <Kpi title="Tiendas nuevas" value={formatCount(totals.newStores)} />
      <Kpi
        title="Clientes nuevos"
        value={formatCount(totals.newCustomers)}
        hint="Su primer pedido en Barrio"
      />
      <Kpi
        title="Tasa de cancelación"
        value={ratePercent(totals.cancellationRate)}
        hint="Cancelados sobre pedidos hechos"
      />
    </SimpleGrid>
  )
}
