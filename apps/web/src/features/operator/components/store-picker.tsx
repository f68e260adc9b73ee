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
  // The last store picked: still an option while the search shows other stores.
  const [last, setLast] = useState<CommissionStore | null>(null)
  const [debounced] = useDebouncedValue(search, 300)
  const stores = useCommissionStores(debounced.trim())
  const items = useMemo(
    () => (stores.data ?? []).filter((s) => !exclude?.has(s._id) || s._id === value),
    [stores.data, exclude, value],
  )
  const data = items.map((s) => ({ value: s._id, label: `${s.name} (${s.handle})` }))
  if (value && !data.some((d) => d.value === value)) {
    const label = last?._id === value ? `${last.name} (${last.handle})` : selectedLabel
    if (label) data.unshift({ value, label })
  }
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
      onChange={(id) => {
        const store = items.find((s) => s._id === id) ?? (last?._id === id ? last : null)
        setLast(store)
        onChange(store)
      }}
    />
  )
}
