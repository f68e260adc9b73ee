import type { CommissionStore } from '@barrio/contracts/commissions'
import { Select } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useMemo, useState } from 'react'

import { useCommissionStores } from '@/api/operator/commissions/search-commission-stores'

export type StorePickerProps = {
  label: string
  value: string | null
  onChange: (store: CommissionStore | null) => void
  /** Shown as the picked option before the search answers (a store from the URL or the form). */
  selectedLabel?: string
  description?: string
  exclude?: ReadonlySet<string>
}

/** A store of the city, searched by name or handle as typed (300 ms), 20 at a time. */
export function StorePicker({
  label,
  value,
  onChange,
  selectedLabel,
  description,
  exclude,
}: StorePickerProps) {
  const [search, setSearch] = useState('')
  const [debounced] = useDebouncedValue(search, 300)
  const stores = useCommissionStores(debounced.trim())
  const items = useMemo(
    () => (stores.data ?? []).filter((s) => !exclude?.has(s._id) || s._id === value),
    [stores.data, exclude, value],
  )
  const data = items.map((s) => ({ value: s._id, label: `${s.name} (${s.handle})` }))
  if (value && selectedLabel && !data.some((d) => d.value === value))
    data.unshift({ value, label: selectedLabel })
  return (
    <Select
      label={label}
      description={description}
      placeholder="Buscá por nombre o dirección de la tienda"
      searchable
      clearable
      data={data}
      value={value}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={stores.isFetching ? 'Buscando…' : 'No encontramos tiendas'}
      onChange={(id) => onChange(items.find((s) => s._id === id) ?? null)}
    />
  )
}
