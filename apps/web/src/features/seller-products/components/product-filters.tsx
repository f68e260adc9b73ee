import { PRODUCT_STATUS_LABELS, PRODUCT_STATUSES } from '@barrio/contracts/admin-products'
import { Button, Group, NumberInput, Select, SimpleGrid, Switch, TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'

import { MoneyInput } from '@/components/admin/money-input'
import type { CollectionOption } from '@/features/seller-products/api/get-collection-options'
import {
  type ProductListFilters,
  type ProductStatusFilter,
} from '@/features/seller-products/utils/product-filter'

const STATUS_OPTIONS = [
  { value: 'all', label: 'Todos' },
  ...PRODUCT_STATUSES.map((s) => ({ value: s, label: PRODUCT_STATUS_LABELS[s] })),
]

export const PRODUCT_FILTER_LABELS = {
  search: 'Buscar productos',
  status: 'Estado',
  collection: 'Colección',
  lowStock: 'Solo stock bajo',
  lowStockBelow: 'Stock menor a',
  priceMin: 'Precio desde',
  priceMax: 'Precio hasta',
} as const

export function ProductFilters({
  value,
  searchText,
  onSearchTextChange,
  onChange,
  onClear,
  collections,
}: {
  value: ProductListFilters
  /** The search box's own text (the list follows it after a short pause). */
  searchText: string
  onSearchTextChange: (text: string) => void
  onChange: (patch: Partial<ProductListFilters>) => void
  onClear: () => void
  collections: CollectionOption[]
}) {
  return (
    <form role="search" aria-label="Filtros de productos" onSubmit={(e) => e.preventDefault()}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <TextInput
          label={PRODUCT_FILTER_LABELS.search}
          placeholder="Título o etiqueta"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={searchText}
          onChange={(event) => onSearchTextChange(event.currentTarget.value)}
          type="search"
        />
        <Select
          label={PRODUCT_FILTER_LABELS.status}
          data={STATUS_OPTIONS}
          value={value.status}
          allowDeselect={false}
          onChange={(status) => onChange({ status: (status ?? 'all') as ProductStatusFilter })}
        />
        <Select
          label={PRODUCT_FILTER_LABELS.collection}
          data={[{ value: '', label: 'Todas' }, ...collections]}
          value={value.collectionId ?? ''}
          allowDeselect={false}
          searchable={collections.length > 8}
          onChange={(collectionId) => onChange({ collectionId: collectionId || null })}
        />
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <MoneyInput
            label={PRODUCT_FILTER_LABELS.priceMin}
            valueCents={value.priceMin}
            onChangeCents={(priceMin) => onChange({ priceMin })}
            style={{ flex: 1 }}
          />
          <MoneyInput
            label={PRODUCT_FILTER_LABELS.priceMax}
            valueCents={value.priceMax}
            onChangeCents={(priceMax) => onChange({ priceMax })}
            style={{ flex: 1 }}
          />
        </Group>
      </SimpleGrid>
      <Group mt="sm" gap="md" align="center">
        <Switch
          label={PRODUCT_FILTER_LABELS.lowStock}
          checked={value.lowStockOnly}
          onChange={(event) => onChange({ lowStockOnly: event.currentTarget.checked })}
        />
        {value.lowStockOnly ? (
          <NumberInput
            label={PRODUCT_FILTER_LABELS.lowStockBelow}
            value={value.lowStockBelow}
            min={1}
            max={100000}
            allowDecimal={false}
            allowNegative={false}
            w={140}
            size="xs"
            onChange={(below) => onChange({ lowStockBelow: typeof below === 'number' ? below : 1 })}
          />
        ) : null}
        <Button variant="subtle" size="xs" onClick={onClear}>
          Limpiar filtros
        </Button>
      </Group>
    </form>
  )
}
