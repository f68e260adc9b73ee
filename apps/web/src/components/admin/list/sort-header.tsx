import { Table, UnstyledButton } from '@mantine/core'

import type { SortDirection } from '@/components/admin/list/data-list-types'

/** The direction a sort value gives `field` ('-total' is total descending), or null. */
export function directionOf(sort: string, field: string): SortDirection | null {
  if (sort === field) return 'asc'
  if (sort === `-${field}`) return 'desc'
  return null
}

/** Clicking a header: the same column flips; another one starts in its first direction. */
export function nextSortValue(
  current: string,
  field: string,
  firstDirection: SortDirection = 'desc',
): string {
  const direction = directionOf(current, field)
  if (direction === 'desc') return field
  if (direction === 'asc') return `-${field}`
  return firstDirection === 'desc' ? `-${field}` : field
}

/** A column header that sorts when activated (a button inside the th; aria-sort on the th). */
export function SortableTh({
  label,
  direction,
  onSort,
}: {
  label: string
  direction: SortDirection | null
  onSort: () => void
}) {
  const arrow = direction === 'asc' ? ' ↑' : direction === 'desc' ? ' ↓' : ''
  return (
    <Table.Th
      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
    >
      <UnstyledButton
        onClick={onSort}
        fw={700}
        fz="sm"
        aria-label={`Ordenar por ${label.toLowerCase()}`}
      >
        {label}
        <span aria-hidden>{arrow}</span>
      </UnstyledButton>
    </Table.Th>
  )
}
