import { PRODUCT_STATUS_LABELS } from '@barrio/contracts/admin-products'
import { PAYLOAD_DEBOUNCE_MS } from '@barrio/contracts/constants'
import {
  ActionIcon,
  Anchor,
  Badge,
  Group,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconMinus, IconPlus, IconSearch } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'

import { ErrorState } from '@/components/errors/error-state'
import { EmptyBlock, LoadingState } from '@/components/admin/page-states'
import { ListPagination, TableContainer } from '@/components/admin/table-container'
import { useIsNarrow } from '@/components/admin/use-is-narrow'
import { paths } from '@/config/paths'
import {
  useAdjustInventory,
  type InventoryAdjustment,
} from '@/features/seller-inventory/api/adjust-inventory'
import {
  buildInventoryParams,
  inventoryQueryOptions,
  type InventoryRow,
} from '@/features/seller-inventory/api/get-inventory'
import { useAppStore } from '@/lib/app-store'

export const DEFAULT_LOW_STOCK_THRESHOLD = 5

export function rowName(row: Pick<InventoryRow, 'productTitle' | 'variantTitle'>): string {
  return row.variantTitle ? `${row.productTitle} – ${row.variantTitle}` : row.productTitle
}

function StockControl({
  row,
  onAdjust,
}: {
  row: InventoryRow
  onAdjust: (adjustment: InventoryAdjustment) => void
}) {
  const [draft, setDraft] = useState<number | string>(row.stock)
  useEffect(() => setDraft(row.stock), [row.stock])
  const name = rowName(row)

  const commit = () => {
    const quantity = typeof draft === 'number' ? draft : Number.NaN
    if (!Number.isInteger(quantity) || quantity < 0) {
      setDraft(row.stock)
      return
    }
    if (quantity !== row.stock) onAdjust({ variantId: row.variantId, quantity })
  }

  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={`Restar 1 a ${name}`}
        disabled={row.stock <= 0}
        onClick={() => onAdjust({ variantId: row.variantId, delta: -1 })}
      >
        <IconMinus size={16} aria-hidden />
      </ActionIcon>
      <NumberInput
        aria-label={`Stock de ${name}`}
        value={draft}
        onChange={setDraft}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            commit()
          }
          if (event.key === 'Escape') setDraft(row.stock)
        }}
        min={0}
        max={1_000_000}
        allowDecimal={false}
        allowNegative={false}
        hideControls
        w={80}
        styles={{ input: { textAlign: 'center' } }}
      />
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={`Sumar 1 a ${name}`}
        onClick={() => onAdjust({ variantId: row.variantId, delta: 1 })}
      >
        <IconPlus size={16} aria-hidden />
      </ActionIcon>
    </Group>
  )
}

function StockBadges({ row, threshold }: { row: InventoryRow; threshold: number }) {
  return (
    <Group gap={4}>
      <Badge variant="light" color={row.status === 'active' ? 'green' : 'gray'}>
        {PRODUCT_STATUS_LABELS[row.status]}
      </Badge>
      {!row.trackInventory ? (
        <Badge variant="outline" color="gray">
          No controla stock
        </Badge>
      ) : row.stock === 0 ? (
        <Badge color="red">Sin stock</Badge>
      ) : row.stock < threshold ? (
        <Badge color="orange">Stock bajo</Badge>
      ) : null}
    </Group>
  )
}

/** Stock per variant: search, low-stock filter with a threshold, quick adjust, paging. */
export function InventoryTable() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  const [search, setSearch] = useState('')
  const [debouncedSearch] = useDebouncedValue(search, PAYLOAD_DEBOUNCE_MS)
  const [lowStockOnly, setLowStockOnly] = useState(false)
  const [threshold, setThreshold] = useState(DEFAULT_LOW_STOCK_THRESHOLD)
  const [page, setPage] = useState(1)
  const narrow = useIsNarrow()

  const params = buildInventoryParams({ page, search: debouncedSearch, lowStockOnly, threshold })
  const options = inventoryQueryOptions(storeId, params)
  const query = useQuery(options)
  const adjust = useAdjustInventory(storeId, options.queryKey)

  return (
    <Stack gap="md">
      <form role="search" aria-label="Filtros de inventario" onSubmit={(e) => e.preventDefault()}>
        <Group gap="sm" align="flex-end">
          <TextInput
            label="Buscar en el inventario"
            placeholder="Producto, variante o SKU"
            leftSection={<IconSearch size={16} aria-hidden />}
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value)
              setPage(1)
            }}
            style={{ flex: '1 1 240px' }}
          />
          <Switch
            label="Solo stock bajo"
            checked={lowStockOnly}
            onChange={(event) => {
              setLowStockOnly(event.currentTarget.checked)
              setPage(1)
            }}
            mb={8}
          />
          <NumberInput
            label="Umbral de stock bajo"
            description="Menos de estas unidades"
            value={threshold}
            min={1}
            max={100_000}
            allowDecimal={false}
            allowNegative={false}
            onChange={(value) => {
              setThreshold(typeof value === 'number' && value > 0 ? value : 1)
              setPage(1)
            }}
            w={170}
          />
        </Group>
      </form>

      {!storeId || query.isPending ? (
        <LoadingState label="Cargando inventario…" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.docs.length === 0 ? (
        <EmptyBlock
          title={
            debouncedSearch || lowStockOnly
              ? 'Ninguna variante coincide con los filtros'
              : 'Todavía no hay productos en el inventario'
          }
          description={
            debouncedSearch || lowStockOnly
              ? 'Probá con otra búsqueda u otro umbral.'
              : 'Cuando cargues productos, vas a ver acá el stock de cada variante.'
          }
        />
      ) : (
        <Stack gap="sm">
          {narrow ? (
            <Stack
              gap="xs"
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label="Inventario"
            >
              {query.data.docs.map((row) => (
                <Paper key={row.variantId} withBorder p="sm" radius="md" component="li">
                  <Stack gap={6}>
                    <div>
                      <Anchor
                        component={Link}
                        to={paths.admin.product.getHref(row.productId)}
                        fw={600}
                      >
                        {row.productTitle}
                      </Anchor>
                      <Text size="sm" c="dimmed">
                        {[row.variantTitle, row.sku].filter(Boolean).join(' · ')}
                      </Text>
                    </div>
                    <StockBadges row={row} threshold={threshold} />
                    <StockControl row={row} onAdjust={(adjustment) => adjust.mutate(adjustment)} />
                  </Stack>
                </Paper>
              ))}
            </Stack>
          ) : (
            <TableContainer label="Tabla de inventario" minWidth={720}>
              <Table striped verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Producto</Table.Th>
                    <Table.Th>SKU</Table.Th>
                    <Table.Th>Estado</Table.Th>
                    <Table.Th>Stock</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {query.data.docs.map((row) => (
                    <Table.Tr key={row.variantId}>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={paths.admin.product.getHref(row.productId)}
                          fw={600}
                        >
                          {row.productTitle}
                        </Anchor>
                        {row.variantTitle ? (
                          <Text size="sm" c="dimmed">
                            {row.variantTitle}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace">
                          {row.sku ?? '—'}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <StockBadges row={row} threshold={threshold} />
                      </Table.Td>
                      <Table.Td>
                        <StockControl
                          row={row}
                          onAdjust={(adjustment) => adjust.mutate(adjustment)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableContainer>
          )}
          <ListPagination
            page={query.data.page}
            totalPages={query.data.totalPages}
            totalDocs={query.data.totalDocs}
            label="Páginas del inventario"
            onChange={setPage}
          />
        </Stack>
      )}
    </Stack>
  )
}
