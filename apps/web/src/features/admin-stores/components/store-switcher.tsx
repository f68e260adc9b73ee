import { Select } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'

import { sessionStoresQueryOptions } from '@/api/admin/stores/get-stores'
import { selectStore } from '@/features/admin-stores/utils/store-selection'
import { useAppStore } from '@/lib/app-store'

export const STORE_SWITCHER_LABEL = 'Tienda seleccionada'

/** The header/sidebar Select with the seller's stores; picking one changes x-store-id. */
export function StoreSwitcher() {
  const queryClient = useQueryClient()
  const selectedStoreId = useAppStore((s) => s.selectedStoreId)
  const { data: stores, isPending, isError } = useQuery(sessionStoresQueryOptions())

  const data = (stores ?? []).map((store) => ({
    value: store._id,
    label: store.status === 'archived' ? `${store.name} (archivada)` : store.name,
  }))
  const placeholder = isPending
    ? 'Cargando tiendas…'
    : isError
      ? 'No se pudieron cargar las tiendas'
      : data.length === 0
        ? 'Sin tiendas todavía'
        : 'Elegí una tienda'

  return (
    <Select
      aria-label={STORE_SWITCHER_LABEL}
      placeholder={placeholder}
      data={data}
      value={data.some((d) => d.value === selectedStoreId) ? selectedStoreId : null}
      onChange={(value) => {
        if (value) selectStore(queryClient, value)
      }}
      allowDeselect={false}
      disabled={data.length === 0}
      searchable={data.length > 6}
      nothingFoundMessage="No hay tiendas con ese nombre"
      // Mantine's Combobox keeps its closed list mounted; floating-ui then places it as soon as the
      // page mounts, reading computed styles in the dashboard's first commit (issue 29, blocking
      // time). Mounted when opened instead.
      comboboxProps={{ withinPortal: true, keepMounted: false }}
      w={{ base: '100%', sm: 240 }}
    />
  )
}
