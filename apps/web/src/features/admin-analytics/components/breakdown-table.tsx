import type { AnalyticsExportTable } from '@barrio/contracts/analytics'
import { Progress, Stack, Table, Text } from '@mantine/core'

import { DownloadCsvButton } from '@/features/admin-analytics/components/download-csv-button'
import { SectionCard } from '@/components/admin/section-card'
import { share } from '@/features/admin-analytics/utils/figures'
import type { DayRange } from '@/components/admin/day-range/day-range'
import { formatCount, formatMoney, formatPercent } from '@/lib/format'

export type BreakdownRow = { key: string; label: string; sales: number; orders: number }

/** Sales and orders per delivery type or payment method, each with its share of the sales. */
export function BreakdownTable({
  title,
  column,
  rows,
  range,
  table,
}: {
  title: string
  column: string
  rows: BreakdownRow[]
  range: DayRange
  table: AnalyticsExportTable
}) {
  const total = rows.reduce((sum, r) => sum + r.sales, 0)
  return (
    <SectionCard
      title={title}
      actions={<DownloadCsvButton range={range} table={table} label={title.toLowerCase()} />}
    >
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Sin ventas en este período.
        </Text>
      ) : (
        <Table fz="sm" verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{column}</Table.Th>
              <Table.Th ta="right">Ventas</Table.Th>
              <Table.Th ta="right">Pedidos</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const percent = share(row.sales, total)
              return (
                <Table.Tr key={row.key}>
                  <Table.Td>
                    <Stack gap={4}>
                      <Text size="sm">{row.label}</Text>
                      <Progress
                        value={percent}
                        size="sm"
                        color="teal"
                        aria-label={`${row.label}: ${formatPercent(Math.round(percent))} de las ventas`}
                      />
                    </Stack>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(row.sales)}
                  </Table.Td>
                  <Table.Td ta="right">{formatCount(row.orders)}</Table.Td>
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      )}
    </SectionCard>
  )
}
