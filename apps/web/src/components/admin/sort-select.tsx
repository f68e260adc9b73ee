import { Select } from '@mantine/core'

/**
 * "Ordenar por" for admin lists on phones, where the table's sortable headers are not shown.
 * Choosing an order goes back to page 1.
 */
export function SortSelect<T extends string>({
  options,
  value,
  onChange,
}: {
  options: Array<{ value: T; label: string }>
  value: T
  onChange: (value: T) => void
}) {
  return (
    <Select
      label="Ordenar por"
      data={options}
      value={value}
      allowDeselect={false}
      onChange={(next) => {
        if (next) onChange(next as T)
      }}
    />
  )
}
