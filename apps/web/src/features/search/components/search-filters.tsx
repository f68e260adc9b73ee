import { STORE_CATEGORY_OPTIONS, type StoreCategory } from '@barrio/contracts/store-categories'
import { DELIVERY_TYPES, type DeliveryType } from '@barrio/contracts/enum-values'
import { DELIVERY_TYPE_LABELS } from '@barrio/contracts/labels-es'
import { SEARCH_SORT_LABELS, SEARCH_SORTS, type SearchSort } from '@barrio/contracts/search-values'
import { NativeSelect, SimpleGrid, Switch } from '@mantine/core'

import type { SearchFilters } from '@/features/search/utils/search-url'

const CATEGORY_OPTIONS = [{ value: '', label: 'Todos los rubros' }, ...STORE_CATEGORY_OPTIONS]
const DELIVERY_OPTIONS = [
  { value: '', label: 'Todas' },
  ...DELIVERY_TYPES.map((value) => ({ value, label: DELIVERY_TYPE_LABELS[value] })),
]
const SORT_OPTIONS = SEARCH_SORTS.map((value) => ({ value, label: SEARCH_SORT_LABELS[value] }))

/** The results page's filters: category, delivery type, sort and "Abierto ahora". */
export function SearchFilterBar({
  filters,
  onChange,
}: {
  filters: SearchFilters
  onChange: (change: Partial<SearchFilters>) => void
}) {
  return (
    <SimpleGrid
      cols={{ base: 2, md: 4 }}
      spacing="sm"
      verticalSpacing="sm"
      role="group"
      aria-label="Filtros de la búsqueda"
    >
      <NativeSelect
        label="Rubro"
        data={CATEGORY_OPTIONS}
        value={filters.category ?? ''}
        onChange={(event) =>
          onChange({ category: (event.currentTarget.value || null) as StoreCategory | null })
        }
      />
      <NativeSelect
        label="Entrega"
        data={DELIVERY_OPTIONS}
        value={filters.deliveryType ?? ''}
        onChange={(event) =>
          onChange({ deliveryType: (event.currentTarget.value || null) as DeliveryType | null })
        }
      />
      <NativeSelect
        label="Ordenar por"
        data={SORT_OPTIONS}
        value={filters.sort}
        onChange={(event) => onChange({ sort: event.currentTarget.value as SearchSort })}
      />
      <Switch
        label="Abierto ahora"
        checked={filters.openNow}
        onChange={(event) => onChange({ openNow: event.currentTarget.checked })}
        style={{ alignSelf: 'end', paddingBottom: 8 }}
      />
    </SimpleGrid>
  )
}
