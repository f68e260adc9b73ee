import { Select } from '@mantine/core'
import { useMemo, type Ref } from 'react'

import { useVariantSearch, type VariantOption } from '@/api/admin/inventory/get-inventory'
import { useSearchText } from '@/features/admin-counter-orders/hooks/use-search-text'
import { lineName } from '@/features/admin-counter-orders/utils/new-order'
import { formatMoney } from '@/lib/format'

function variantLabel(v: VariantOption) {
  const stock = v.trackInventory ? `${v.stock} en stock` : 'sin control de stock'
  return `${lineName({ title: v.productTitle, variantTitle: v.variantTitle })} · ${formatMoney(v.price)} · ${stock}`
}

/**
 * "Agregar producto": the store's active variants as the server finds them (name, variant, SKU).
 * Keyboard first: type, Enter adds the highlighted result or else the first one of this search,
 * and the search empties for the next product (the caller puts the focus back).
 */
export function ProductSearch({
  inputRef,
  error,
  onAdd,
}: {
  inputRef: Ref<HTMLInputElement>
  error: string | undefined
  onAdd: (variant: VariantOption) => void
}) {
  const search = useSearchText()
  const found = useVariantSearch(search.debounced)
  const isCurrent = search.isCurrent(found.isPlaceholderData)
  const options = useMemo(
    () =>
      isCurrent
        ? (found.data ?? []).map((v) => ({
            value: v.variantId,
            label: variantLabel(v),
            disabled: v.trackInventory && v.stock <= 0,
          }))
        : [],
    [found.data, isCurrent],
  )

  function add(variantId: string | null) {
    const variant = found.data?.find((v) => v.variantId === variantId)
    if (!variant) return
    search.setText('')
    onAdd(variant)
  }

  return (
    <Select
      ref={inputRef}
      label="Agregar producto"
      description="Escribí para buscar y apretá Enter para agregarlo."
      placeholder="Nombre, variante o SKU"
      searchable
      data={options}
      searchValue={search.text}
      onSearchChange={search.setText}
      filter={({ options: all }) => all}
      value={null}
      onChange={add}
      onKeyDown={(event) => {
        // Enter with no option highlighted adds the first result of this search (the results
        // may arrive after the last keystroke, when nothing is highlighted).
        if (event.key !== 'Enter') return
        const listbox = document.getElementById(
          event.currentTarget.getAttribute('aria-controls') ?? '',
        )
        if (listbox?.querySelector('[data-combobox-selected]')) return
        const first = options.find((o) => !o.disabled)
        if (!first) return
        event.preventDefault()
        add(first.value)
      }}
      selectFirstOptionOnChange
      nothingFoundMessage={
        found.isFetching || !isCurrent
          ? 'Buscando…'
          : found.isError
            ? 'No pudimos buscar productos. Probá de nuevo.'
            : 'No encontramos productos activos con esa búsqueda'
      }
      error={error}
    />
  )
}
