import { STORE_CATEGORY_LABELS } from '@barrio/contracts/common'
import type { OperatorOverview } from '@barrio/contracts/operator-overview'
import { PROVINCE_NAMES } from '@barrio/contracts/provinces'
import { Anchor, Badge, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core'
import { useState } from 'react'
import { Link } from 'react-router'

import { paths } from '@/config/paths'
import { SectionCard } from '@/components/admin/section-card'
import { formatCount, formatMoney, formatPercent } from '@/lib/format'

/** A province's name from its code (the code itself if unknown). */
export function provinceName(code: string): string {
  return (PROVINCE_NAMES as Record<string, string | undefined>)[code] ?? code
}

export type BreakdownRow = {
  key: string
  label: string
  gmv: number
  orders: number
  commission: number
  stores: number
}

/** Each row's share of the sales, rounded to a whole percent. */
function share(part: number, whole: number): string {
  return formatPercent(whole === 0 ? 0 : Math.round((part / whole) * 100))
}

function BreakdownTable({ column, rows }: { column: string; rows: BreakdownRow[] }) {
  const total = rows.reduce((sum, r) => sum + r.gmv, 0)
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Sin pedidos en este período.
      </Text>
    )
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table fz="sm" verticalSpacing={6} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{column}</Table.Th>
            <Table.Th ta="right">Ventas</Table.Th>
            <Table.Th ta="right">Pedidos</Table.Th>
            <Table.Th ta="right">Comisión</Table.Th>
            <Table.Th ta="right">Tiendas</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Td>
                <Text size="sm">{row.label}</Text>
                <Text size="xs" c="dimmed">
                  {share(row.gmv, total)} de las ventas
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(row.gmv)}
              </Table.Td>
              <Table.Td ta="right">{formatCount(row.orders)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(row.commission)}
              </Table.Td>
              <Table.Td ta="right">{formatCount(row.stores)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

type Place = 'province' | 'city'

/** Per province or per city of the stores, switched in place. */
export function PlaceBreakdown({ data }: { data: OperatorOverview }) {
  const [place, setPlace] = useState<Place>('province')
  const rows: BreakdownRow[] =
    place === 'province'
      ? data.byProvince.map((r) => ({
          key: r.provinceCode,
          label: provinceName(r.provinceCode),
          ...r,
        }))
      : data.byCity.map((r) => ({
          key: `${r.provinceCode}/${r.city}`,
          label: `${r.city}, ${provinceName(r.provinceCode)}`,
          ...r,
        }))
  return (
    <SectionCard
      title="Por lugar"
      actions={
        <SegmentedControl
          size="xs"
          value={place}
          onChange={(value) => setPlace(value as Place)}
          data={[
            { value: 'province', label: 'Provincia' },
            { value: 'city', label: 'Ciudad' },
          ]}
          aria-label="Agrupar por"
        />
      }
    >
      <BreakdownTable column={place === 'province' ? 'Provincia' : 'Ciudad'} rows={rows} />
    </SectionCard>
  )
}

/** Per store category. */
export function CategoryBreakdown({ data }: { data: OperatorOverview }) {
  return (
    <SectionCard title="Por rubro">
      <BreakdownTable
        column="Rubro"
        rows={data.byCategory.map((r) => ({
          key: r.category,
          label: STORE_CATEGORY_LABELS[r.category],
          ...r,
        }))}
      />
    </SectionCard>
  )
}

/** The ten stores with the most sales, each linking to its month's statement. */
export function TopStores({ data }: { data: OperatorOverview }) {
  const month = data.to.slice(0, 7)
  return (
    <SectionCard title="Tiendas con más ventas">
      {data.topStores.length === 0 ? (
        <Text size="sm" c="dimmed">
          Ninguna tienda vendió en este período.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table fz="sm" verticalSpacing={6} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={32}>#</Table.Th>
                <Table.Th>Tienda</Table.Th>
                <Table.Th ta="right">Ventas</Table.Th>
                <Table.Th ta="right">Pedidos</Table.Th>
                <Table.Th ta="right">Comisión</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.topStores.map((store, index) => (
                <Table.Tr key={store.storeId}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <Group gap={6} wrap="wrap">
                        <Anchor
                          component={Link}
                          to={paths.operator.statements.getHref({ storeId: store.storeId, month })}
                          size="sm"
                          fw={600}
                        >
                          {store.name}
                        </Anchor>
                        {store.suspended ? (
                          <Badge color="red" variant="light" size="xs">
                            Suspendida
                          </Badge>
                        ) : null}
                      </Group>
                      <Text size="xs" c="dimmed">
                        {STORE_CATEGORY_LABELS[store.category]} · {store.city},{' '}
                        {provinceName(store.provinceCode)}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(store.gmv)}
                  </Table.Td>
                  <Table.Td ta="right">{formatCount(store.orders)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(store.commission)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
  )
}
