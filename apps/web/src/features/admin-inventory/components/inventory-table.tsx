import { PRODUCT_STATUS_LABELS } from '@barrio/contracts/admin-products'
import {
  ActionIcon,
  Anchor,
  Badge,
  Group,
  NumberInput,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core'
import { IconMinus, IconPlus, IconSearch } from '@tabler/icons-react'
import { useEffect, useMemo, useState } from 'react'
import { Link } from 'react-router'

import { DataList } from '@/components/admin/list/data-list'
import type { ListColumn } from '@/components/admin/list/data-list-types'
import { useListState } from '@/components/admin/list/use-list-state'
import { paths } from '@/config/paths'
import {
  useAdjustInventory,
  type InventoryAdjustment,
} from '@/api/admin/inventory/adjust-inventory'
import {
  inventoryQueryOptions,
  useInventory,
  type InventoryRow,
} from '@/api/admin/inventory/get-inventory'
import {
  buildInventoryParams,
  inventoryListSchema,
} from '@/features/admin-inventory/utils/inventory-filter'
import { useAppStore } from '@/lib/app-store'

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

function inventoryColumns(
  threshold: number,
  onAdjust: (adjustment: InventoryAdjustment) => void,
): Array<ListColumn<InventoryRow>> {
  return [
    {
      key: 'product',
      header: 'Producto',
      card: 'title',
      cell: (row) => (
        <>
          <Anchor component={Link} to={paths.admin.product.getHref(row.productId)} fw={600}>
            {row.productTitle}
          </Anchor>
          {row.variantTitle ? (
            <Text size="sm" c="dimmed">
              {row.variantTitle}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      key: 'sku',
      header: 'SKU',
      cell: (row) => (
        <Text size="sm" ff="monospace">
          {row.sku ?? '—'}
        </Text>
      ),
    },
    {
      key: 'status',
      header: 'Estado',
      card: 'plain',
      cell: (row) => <StockBadges row={row} threshold={threshold} />,
    },
    {
      key: 'stock',
      header: 'Stock',
      card: 'plain',
      nowrap: true,
      cell: (row) => <StockControl row={row} onAdjust={onAdjust} />,
    },
  ]
}

/** Stock per variant: search, low-stock filter with a threshold, quick adjust, paging. */
export function InventoryTable() {
  const storeId = useAppStore((s) => s.selectedStoreId)
  // The threshold also colours the badges: clearing the filters keeps it.
  const list = useListState(inventoryListSchema, { notFilters: ['below'] })
  const { values } = list
  const params = buildInventoryParams(values)
  const query = useInventory(params)
  const adjust = useAdjustInventory(storeId, inventoryQueryOptions(storeId, params).queryKey)
  const { mutate } = adjust
  const columns = useMemo(
    () => inventoryColumns(values.below, (adjustment) => mutate(adjustment)),
    [values.below, mutate],
  )

  return (
    <Stack gap="md">
      <form role="search" aria-label="Filtros de inventario" onSubmit={(e) => e.preventDefault()}>
        <Group gap="sm" align="flex-end">
          <TextInput
            label="Buscar en el inventario"
            placeholder="Producto, variante o SKU"
            leftSection={<IconSearch size={16} aria-hidden />}
            type="search"
            value={list.searchText}
            onChange={(event) => list.setSearchText(event.currentTarget.value)}
            style={{ flex: '1 1 240px' }}
          />
          <Switch
            label="Solo stock bajo"
            checked={values.lowStock}
            onChange={(event) => list.set({ lowStock: event.currentTarget.checked })}
            mb={8}
          />
          <NumberInput
            label="Umbral de stock bajo"
            description="Menos de estas unidades"
            value={values.below}
            min={1}
            max={100_000}
            allowDecimal={false}
            allowNegative={false}
            onChange={(value) =>
              list.set(
                { below: typeof value === 'number' && value > 0 ? value : 1 },
                { replace: true },
              )
            }
            w={170}
          />
        </Group>
      </form>
      <DataList
        label="Inventario"
        errorTitle="No pudimos cargar el inventario"
        query={query}
        waiting={!storeId}
        columns={columns}
        rowKey={(row) => row.variantId}
        rowLabel={rowName}
        onPageChange={list.setPage}
        filtered={list.hasFilters}
        onClearFilters={list.clearFilters}
        emptyFilteredTitle="Ninguna variante coincide con los filtros"
        empty={{
          title: 'Todavía no hay productos en el inventario',
          description: 'Cuando cargues productos, vas a ver acá el stock de cada variante.',
        }}
        minWidth={720}
      />
    </Stack>
  )
}
