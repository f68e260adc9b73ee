import type { Analytics } from '@barrio/contracts/analytics'
import { SegmentedControl, Table, Text } from '@mantine/core'
import { useState } from 'react'

import { DownloadCsvButton } from '@/features/seller-analytics/components/download-csv-button'
import { SectionCard } from '@/features/seller-analytics/components/section-card'
import { formatCount, formatMoney } from '@/lib/format'

type Sort = 'sales' | 'units'

/** The best sellers of the period (top ten by revenue), sortable by revenue or units. */
export function TopProducts({ data }: { data: Analytics }) {
  const [sort, setSort] = useState<Sort>('sales')
  const rows = [...data.topProducts].sort((a, b) => b[sort] - a[sort])
  return (
    <SectionCard
      title="Productos más vendidos"
      actions={
        <DownloadCsvButton range={data} table="topProducts" label="productos más vendidos" />
      }
    >
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Sin productos vendidos en este período.
        </Text>
      ) : (
        <>
          <SegmentedControl
            size="xs"
            mb="xs"
            value={sort}
            onChange={(value) => setSort(value as Sort)}
            data={[
              { value: 'sales', label: 'Por ventas' },
              { value: 'units', label: 'Por unidades' },
            ]}
            aria-label="Ordenar productos"
          />
          <Table.ScrollContainer minWidth={300}>
            <Table fz="sm" verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Producto</Table.Th>
                  <Table.Th ta="right">Unidades</Table.Th>
                  <Table.Th ta="right">Ventas</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.productId}>
                    <Table.Td>{row.title}</Table.Td>
                    <Table.Td ta="right">{formatCount(row.units)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(row.sales)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </SectionCard>
  )
}
