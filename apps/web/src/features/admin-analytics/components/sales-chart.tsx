import type { Analytics } from '@barrio/contracts/analytics'
import { AreaChart, BarChart } from '@mantine/charts'
import { Box, Collapse, Group, SegmentedControl, Table, Text, UnstyledButton } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useState } from 'react'

import { DownloadCsvButton } from '@/features/admin-analytics/components/download-csv-button'
import { SectionCard } from '@/components/admin/section-card'
import { formatPoint, formatTick } from '@/features/admin-analytics/utils/day-format'
import { formatCount, formatMoney, plural } from '@/lib/format'

type Metric = 'sales' | 'orders'

/** Sales or orders per day (per hour for one day), with the same figures as a table on demand. */
export function SalesChart({ data }: { data: Analytics }) {
  const [metric, setMetric] = useState<Metric>('sales')
  const [tableOpen, table] = useDisclosure(false)
  const perHour = data.granularity === 'hour'
  const title = perHour ? 'Ventas y pedidos por hora' : 'Ventas y pedidos por día'
  const points = data.series.map((p) => ({ ...p, tick: formatTick(p.date) }))
  const best = data.series.reduce((a, b) => (b.sales > a.sales ? b : a), data.series[0]!)
  const summary =
    `${title}: ${formatMoney(data.totals.sales)} en ${plural(data.totals.orders, 'pedido', 'pedidos')}.` +
    (best.sales > 0
      ? ` El mejor momento fue ${formatPoint(best.date)} con ${formatMoney(best.sales)}.`
      : '')
  const common = {
    h: 240,
    data: points,
    dataKey: 'tick',
    gridAxis: 'y' as const,
    tickLine: 'none' as const,
    xAxisProps: { interval: 'preserveStartEnd' as const, minTickGap: 16 },
  }

  return (
    <SectionCard
      title={title}
      actions={
        <Group gap="xs">
          <SegmentedControl
            size="xs"
            value={metric}
            onChange={(value) => setMetric(value as Metric)}
            data={[
              { value: 'sales', label: 'Ventas' },
              { value: 'orders', label: 'Pedidos' },
            ]}
            aria-label="Qué mostrar en el gráfico"
          />
          <DownloadCsvButton
            range={data}
            table="series"
            label={perHour ? 'ventas por hora' : 'ventas por día'}
          />
        </Group>
      }
    >
      <Box role="img" aria-label={summary}>
        {metric === 'sales' ? (
          <AreaChart
            {...common}
            series={[{ name: 'sales', label: 'Ventas', color: 'teal.6' }]}
            valueFormatter={formatMoney}
            yAxisProps={{ width: 80 }}
            curveType="monotone"
          />
        ) : (
          <BarChart
            {...common}
            series={[{ name: 'orders', label: 'Pedidos', color: 'blue.6' }]}
            valueFormatter={formatCount}
            yAxisProps={{ width: 40, allowDecimals: false }}
          />
        )}
      </Box>
      <UnstyledButton onClick={table.toggle} aria-expanded={tableOpen} mt="xs">
        <Text size="sm" c="blue.7" td="underline">
          {tableOpen ? 'Ocultar la tabla' : 'Ver como tabla'}
        </Text>
      </UnstyledButton>
      <Collapse expanded={tableOpen}>
        <Table.ScrollContainer minWidth={280} mt="xs">
          <Table striped fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{perHour ? 'Hora' : 'Día'}</Table.Th>
                <Table.Th ta="right">Ventas</Table.Th>
                <Table.Th ta="right">Pedidos</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.series.map((p) => (
                <Table.Tr key={p.date}>
                  <Table.Td>{formatPoint(p.date)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(p.sales)}</Table.Td>
                  <Table.Td ta="right">{formatCount(p.orders)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Collapse>
    </SectionCard>
  )
}
