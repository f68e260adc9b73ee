import type { Analytics, AnalyticsExportTable } from '@barrio/contracts/analytics'
import { SegmentedControl, Table, Text } from '@mantine/core'
import { useState } from 'react'

import { DownloadCsvButton } from '@/features/admin-analytics/components/download-csv-button'
import { SectionCard } from '@/components/admin/section-card'
import { formatCount, formatMoney } from '@/lib/format'

type RankBy = 'sales' | 'units'
type Row = { id: string; title: string; units: number; sales: number }

/** What each kind of best-seller list shows, and where its two rankings come from. */
const KINDS = {
  products: {
    title: 'Productos más vendidos',
    column: 'Producto',
    empty: 'Sin productos vendidos en este período.',
    tables: { sales: 'topProducts', units: 'topProductsByUnits' },
    csv: {
      sales: 'productos más vendidos por facturación',
      units: 'productos más vendidos por unidades',
    },
    rows: (data: Analytics, by: RankBy): Row[] =>
      (by === 'sales' ? data.topProducts : data.topProductsByUnits).map(({ productId, ...r }) => ({
        id: productId,
        ...r,
      })),
  },
  collections: {
    title: 'Colecciones más vendidas',
    column: 'Colección',
    empty: 'Sin ventas de productos en colecciones en este período.',
    tables: { sales: 'topCollections', units: 'topCollectionsByUnits' },
    csv: {
      sales: 'colecciones más vendidas por facturación',
      units: 'colecciones más vendidas por unidades',
    },
    rows: (data: Analytics, by: RankBy): Row[] =>
      (by === 'sales' ? data.topCollections : data.topCollectionsByUnits).map(
        ({ collectionId, ...r }) => ({ id: collectionId, ...r }),
      ),
  },
} satisfies Record<
  string,
  {
    title: string
    column: string
    empty: string
    tables: Record<RankBy, AnalyticsExportTable>
    csv: Record<RankBy, string>
    rows: (data: Analytics, by: RankBy) => Row[]
  }
>

/**
 * The period's ten best products or collections, ranked by revenue or by units: each ranking is
 * its own list from the API (the ten by units are not the ten by revenue re-sorted), and the CSV
 * button downloads the ranking on screen.
 */
export function TopSellers({ data, kind }: { data: Analytics; kind: keyof typeof KINDS }) {
  const [rankBy, setRankBy] = useState<RankBy>('sales')
  const spec = KINDS[kind]
  const rows = spec.rows(data, rankBy)
  return (
    <SectionCard
      title={spec.title}
      actions={
        <DownloadCsvButton range={data} table={spec.tables[rankBy]} label={spec.csv[rankBy]} />
      }
    >
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {spec.empty}
        </Text>
      ) : (
        <>
          <SegmentedControl
            size="xs"
            mb="xs"
            value={rankBy}
            onChange={(value) => setRankBy(value as RankBy)}
            data={[
              { value: 'sales', label: 'Por facturación' },
              { value: 'units', label: 'Por unidades' },
            ]}
            aria-label={`Ordenar ${spec.title.toLowerCase()}`}
          />
          <Table.ScrollContainer minWidth={300}>
            <Table fz="sm" verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{spec.column}</Table.Th>
                  <Table.Th ta="right">Unidades</Table.Th>
                  <Table.Th ta="right">Facturación</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id}>
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
