import { Group, Pagination, Text } from '@mantine/core'

import { formatCount } from '@/lib/format'

/** "Mostrando 1–25 de 312" (es-AR numbers) for one page of a list. */
export function rangeText({
  page,
  limit,
  shown,
  totalDocs,
}: {
  page: number
  limit: number
  shown: number
  totalDocs: number
}): string {
  if (shown === 0) return `Mostrando 0 de ${formatCount(totalDocs)}`
  const first = (page - 1) * limit + 1
  return `Mostrando ${formatCount(first)}–${formatCount(first + shown - 1)} de ${formatCount(totalDocs)}`
}

/** Under a list: the range shown and, when there is more than one page, the pager. */
export function ListPagination({
  page,
  limit,
  shown,
  totalPages,
  totalDocs,
  onChange,
  label,
  compact = false,
}: {
  page: number
  limit: number
  shown: number
  totalPages: number
  totalDocs: number
  onChange: (page: number) => void
  /** Names the pager for screen readers: "Páginas de pedidos". */
  label: string
  /** Phones: fewer page buttons so the pager fits at 360 px. */
  compact?: boolean
}) {
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {rangeText({ page, limit, shown, totalDocs })}
      </Text>
      {totalPages > 1 ? (
        <Pagination
          total={totalPages}
          value={page}
          onChange={onChange}
          size="sm"
          siblings={compact ? 0 : 1}
          boundaries={1}
          aria-label={label}
          getControlProps={(control) =>
            control === 'previous'
              ? { 'aria-label': 'Página anterior' }
              : control === 'next'
                ? { 'aria-label': 'Página siguiente' }
                : {}
          }
          getItemProps={(p) => ({ 'aria-label': `Página ${formatCount(p)}` })}
        />
      ) : null}
    </Group>
  )
}
