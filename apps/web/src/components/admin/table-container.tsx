import { Group, Pagination, Table, Text, UnstyledButton } from '@mantine/core'
import type { ReactNode } from 'react'

/**
 * A labelled, keyboard-scrollable region for a wide table: at 360 px the table scrolls
 * horizontally inside it instead of overflowing the page.
 */
export function TableContainer({
  label,
  minWidth = 720,
  children,
}: {
  label: string
  minWidth?: number
  children: ReactNode
}) {
  return (
    <div>
      <Text size="xs" c="dimmed" hiddenFrom="md" mb={4}>
        Deslizá la tabla para ver todas las columnas.
      </Text>
      <Table.ScrollContainer
        minWidth={minWidth}
        role="region"
        aria-label={label}
        tabIndex={0}
        type="native"
      >
        {children}
      </Table.ScrollContainer>
    </div>
  )
}

/** Page controls under a list: "Página x de y" and the pager. Hidden when everything fits in one page. */
export function ListPagination({
  page,
  totalPages,
  totalDocs,
  onChange,
  label,
}: {
  page: number
  totalPages: number
  totalDocs: number
  onChange: (page: number) => void
  label: string
}) {
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {totalDocs === 1 ? '1 resultado' : `${totalDocs} resultados`}
        {totalPages > 1 ? ` · Página ${page} de ${totalPages}` : ''}
      </Text>
      {totalPages > 1 ? (
        <Pagination
          total={totalPages}
          value={page}
          onChange={onChange}
          size="sm"
          aria-label={label}
          getControlProps={(control) =>
            control === 'previous'
              ? { 'aria-label': 'Página anterior' }
              : control === 'next'
                ? { 'aria-label': 'Página siguiente' }
                : {}
          }
          getItemProps={(p) => ({ 'aria-label': `Página ${p}` })}
        />
      ) : null}
    </Group>
  )
}

export type SortDirection = 'asc' | 'desc'

/** A column header that sorts when activated (button inside the th, aria-sort on the th). */
export function SortableTh({
  label,
  direction,
  onSort,
}: {
  label: string
  /** The column's current direction, or null when the list is sorted by another column. */
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
