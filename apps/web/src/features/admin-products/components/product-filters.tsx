import { PRODUCT_STATUS_LABELS, PRODUCT_STATUSES } from '@barrio/contracts/admin-products'
import { Button, Group, NumberInput, Select, SimpleGrid, Switch, TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'

import { MoneyInput } from '@/components/admin/money-input'
import type { CollectionOption } from '@/api/admin/collections/get-collection-options'
import {
  productListSchema,
  type ProductListValues,
} from '@/features/admin-products/utils/product-filter'

type Patch = Partial<Omit<ProductListValues, 'page'>>

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
  hasFilters,
  collections,
}: {
  value: ProductListValues
  /** The search box's own text (the list follows it after a short pause). */
  searchText: string
  onSearchTextChange: (text: string) => void
  /** `replace` for fields typed into (prices, threshold): no history entry per keystroke. */
  onChange: (patch: Patch, options?: { replace?: boolean }) => void
  onClear: () => void
  hasFilters: boolean
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
          onChange={(status) => onChange({ status: productListSchema.shape.status.parse(status) })}
        />
        <Select
          label={PRODUCT_FILTER_LABELS.collection}
          data={[{ value: '', label: 'Todas' }, ...collections]}
          value={value.collection ?? ''}
          allowDeselect={false}
          searchable={collections.length > 8}
          onChange={(collection) => onChange({ collection: collection || null })}
        />
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <MoneyInput
            label={PRODUCT_FILTER_LABELS.priceMin}
            valueCents={value.min}
            onChangeCents={(min) => onChange({ min }, { replace: true })}
            style={{ flex: 1 }}
          />
          <MoneyInput
            label={PRODUCT_FILTER_LABELS.priceMax}
            valueCents={value.max}
            onChangeCents={(max) => onChange({ max }, { replace: true })}
            style={{ flex: 1 }}
          />
        </Group>
      </SimpleGrid>
      <Group mt="sm" gap="md" align="center">
        <Switch
          label={PRODUCT_FILTER_LABELS.lowStock}
          checked={value.lowStock}
          onChange={(event) => onChange({ lowStock: event.currentTarget.checked })}
        />
        {value.lowStock ? (
          <NumberInput
            label={PRODUCT_FILTER_LABELS.lowStockBelow}
            value={value.below}
            min={1}
            max={100000}
            allowDecimal={false}
            allowNegative={false}
            w={140}
            size="xs"
            onChange={(below) =>
              onChange({ below: typeof below === 'number' ? below : 1 }, { replace: true })
            }
          />
        ) : null}
        {hasFilters ? (
          <Button variant="subtle" size="xs" onClick={onClear}>
            Limpiar filtros
          </Button>
        ) : null}
      </Group>
    </form>
  )
}
