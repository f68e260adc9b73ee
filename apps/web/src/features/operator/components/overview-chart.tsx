import type { OperatorOverview } from '@barrio/contracts/operator-overview'
import { AreaChart, BarChart } from '@mantine/charts'
import { Box, Collapse, SegmentedControl, Table, Text, UnstyledButton } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useState } from 'react'

import { SectionCard } from '@/components/admin/section-card'
import { formatCalendarDay, formatCount, formatMoney } from '@/lib/format'

type Metric = 'gmv' | 'orders' | 'commission'

const METRICS: Record<Metric, { label: string; color: string; money: boolean }> = {
  gmv: { label: 'Ventas', color: 'teal.6', money: true },
  orders: { label: 'Pedidos', color: 'blue.6', money: false },
  commission: { label: 'Comisión', color: 'grape.6', money: true },
}

/** Sales, orders or commission per Buenos Aires day, with the same figures as a table on demand. */
export function OverviewChart({ data }: { data: OperatorOverview }) {
  const [metric, setMetric] = useState<Metric>('gmv')
  const [tableOpen, table] = useDisclosure(false)
  const { label, color, money } = METRICS[metric]
  const format = money ? formatMoney : formatCount
  const points = data.series.map((p) => ({ ...p, tick: formatCalendarDay(p.date, 'short') }))
  const best = data.series.reduce((a, b) => (b[metric] > a[metric] ? b : a), data.series[0]!)
  const summary =
    `${label} por día: ${format(data.totals[metric])} en el período.` +
    (best[metric] > 0
      ? ` El mejor día fue el ${formatCalendarDay(best.date, 'long')} con ${format(best[metric])}.`
      : '')
  const common = {
    h: 240,
    data: points,
    dataKey: 'tick',
    gridAxis: 'y' as const,
    tickLine: 'none' as const,
    xAxisProps: { interval: 'preserveStartEnd' as const, minTickGap: 16 },
    series: [{ name: metric, label, color }],
    valueFormatter: format,
  }

  return (
    <SectionCard
      title="Por día"
      actions={
        <SegmentedControl
          size="xs"
          value={metric}
          onChange={(value) => setMetric(value as Metric)}
          data={(Object.keys(METRICS) as Metric[]).map((value) => ({
            value,
            label: METRICS[value].label,
          }))}
          aria-label="Qué mostrar en el gráfico"
        />
      }
    >
      <Box role="img" aria-label={summary}>
        {money ? (
          <AreaChart {...common} yAxisProps={{ width: 80 }} curveType="monotone" />
        ) : (
          <BarChart {...common} yAxisProps={{ width: 40, allowDecimals: false }} />
        )}
      </Box>
      <UnstyledButton onClick={table.toggle} aria-expanded={tableOpen} mt="xs">
        <Text size="sm" c="blue.7" td="underline">
          {tableOpen ? 'Ocultar la tabla' : 'Ver como tabla'}
        </Text>
      </UnstyledButton>
      <Collapse expanded={tableOpen}>
        <Table.ScrollContainer minWidth={320} mt="xs">
          <Table striped fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Día</Table.Th>
                <Table.Th ta="right">Ventas</Table.Th>
                <Table.Th ta="right">Pedidos</Table.Th>
                <Table.Th ta="right">Comisión</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.series.map((p) => (
                <Table.Tr key={p.date}>
                  <Table.Td>{formatCalendarDay(p.date, 'long')}</Table.Td>
                  <Table.Td ta="right">{formatMoney(p.gmv)}</Table.Td>
                  <Table.Td ta="right">{formatCount(p.orders)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(p.commission)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Collapse>
    </SectionCard>
  )
}
